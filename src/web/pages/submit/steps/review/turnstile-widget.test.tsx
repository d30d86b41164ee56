import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TURNSTILE_CHALLENGE_FAILED,
  TURNSTILE_LOAD_FAILED,
  TURNSTILE_LOADING,
  TURNSTILE_SCRIPT_URL,
  type TurnstileApi,
  TurnstileWidget,
} from './turnstile-widget';

type RenderOptions = Parameters<TurnstileApi['render']>[1];

/** Stands in for what Cloudflare's script defines: the only thing faked here is the script load. */
function fakeTurnstile() {
  const widgets: { id: string; element: HTMLElement; options: RenderOptions }[] = [];
  const api = {
    render: vi.fn((element: HTMLElement, options: RenderOptions) => {
      const id = `widget-${widgets.length + 1}`;
      widgets.push({ id, element, options });
      return id;
    }),
    remove: vi.fn((_id: string) => {}),
  };
  return { api, widgets };
}

const scripts = () =>
  [...document.head.querySelectorAll('script')].filter((script) => script.src === TURNSTILE_SCRIPT_URL);

/** The browser finished loading Cloudflare's script, which defines window.turnstile. */
function finishScriptLoad(api: TurnstileApi) {
  const [script] = scripts();
  if (!script) throw new Error('no Turnstile script was added');
  window.turnstile = api;
  act(() => {
    script.dispatchEvent(new Event('load'));
  });
}

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = 'csp-nonce';
  meta.content = 'abc123';
  document.head.append(meta);
});

afterEach(() => {
  delete window.turnstile;
  for (const element of document.head.querySelectorAll('script, meta[name="csp-nonce"]')) element.remove();
});

describe('TurnstileWidget', () => {
  it("loads Cloudflare's script once, with the page's nonce, and renders the widget explicitly", async () => {
    const { api, widgets } = fakeTurnstile();
    const onToken = vi.fn();
    render(
      <>
        <TurnstileWidget siteKey="0x4AAAAAAAsite" onToken={onToken} />
        <TurnstileWidget siteKey="0x4AAAAAAAsite" onToken={() => {}} />
      </>,
    );
    expect(screen.getAllByText(TURNSTILE_LOADING)).toHaveLength(2);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.nonce).toBe('abc123');
    expect(scripts()[0]?.async).toBe(true);

    finishScriptLoad(api);
    await vi.waitFor(() => expect(api.render).toHaveBeenCalledTimes(2));
    expect(widgets[0]?.options.sitekey).toBe('0x4AAAAAAAsite');
    expect(widgets[0]?.element.isConnected).toBe(true);
    expect(screen.queryByText(TURNSTILE_LOADING)).toBeNull();
    expect(onToken).not.toHaveBeenCalled();
  });

  it('reports the token when solved, null when it expires, and removes the widget on unmount', async () => {
    const { api, widgets } = fakeTurnstile();
    window.turnstile = api;
    const onToken = vi.fn();
    const { unmount } = render(<TurnstileWidget siteKey="0x4AAAAAAAsite" onToken={onToken} />);
    await vi.waitFor(() => expect(widgets).toHaveLength(1));
    const widget = widgets[0];
    if (!widget) throw new Error('no widget');
    // Already loaded: no second script.
    expect(scripts()).toHaveLength(0);

    act(() => widget.options.callback('0.token-1'));
    expect(onToken).toHaveBeenLastCalledWith('0.token-1');
    act(() => widget.options['expired-callback']());
    expect(onToken).toHaveBeenLastCalledWith(null);
    act(() => widget.options.callback('0.token-2'));
    expect(onToken).toHaveBeenLastCalledWith('0.token-2');

    unmount();
    expect(api.remove).toHaveBeenCalledWith('widget-1');
  });

  it('says so when the challenge fails, reports null, and clears the message once solved', async () => {
    const { api, widgets } = fakeTurnstile();
    window.turnstile = api;
    const onToken = vi.fn();
    render(<TurnstileWidget siteKey="0x4AAAAAAAsite" onToken={onToken} />);
    await vi.waitFor(() => expect(widgets).toHaveLength(1));
    const widget = widgets[0];
    if (!widget) throw new Error('no widget');

    let handled = false;
    act(() => {
      handled = widget.options['error-callback']('300030');
    });
    expect(handled).toBe(true);
    expect(onToken).toHaveBeenLastCalledWith(null);
    expect(screen.getByText(TURNSTILE_CHALLENGE_FAILED)).toBeTruthy();

    act(() => widget.options.callback('0.token'));
    expect(onToken).toHaveBeenLastCalledWith('0.token');
    expect(screen.queryByText(TURNSTILE_CHALLENGE_FAILED)).toBeNull();
  });

  it('explains a script that cannot load, and tries again on request', async () => {
    const user = userEvent.setup();
    const onToken = vi.fn();
    render(<TurnstileWidget siteKey="0x4AAAAAAAsite" onToken={onToken} />);
    const [script] = scripts();
    act(() => {
      script?.dispatchEvent(new Event('error'));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TURNSTILE_LOAD_FAILED);
    expect(onToken).toHaveBeenLastCalledWith(null);
    // The failed tag is gone, so the retry adds a fresh one.
    expect(scripts()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(scripts()).toHaveLength(1);
    expect(screen.getByText(TURNSTILE_LOADING)).toBeTruthy();
    const { api } = fakeTurnstile();
    finishScriptLoad(api);
    await vi.waitFor(() => expect(api.render).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
