import { ThemeProvider } from '@mui/material/styles';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPublicConfig } from '../../domain';
import { PublicConfigContext } from '../config';
import { LABEL_NAME_STORAGE_KEY } from '../pwa/register-service-worker';
import { theme } from '../theme';
import { BUSY_POLL_MS, UPDATE_AVAILABLE_TITLE, UPDATE_WAITS_NOTE } from './update-notice';
import { UpdatePrompt } from './update-prompt';

afterEach(() => window.localStorage.clear());

/** The service worker's updates as the prompt sees them, with `offer()` for a waiting worker. */
function fakeUpdates(available = false) {
  let waiting = available;
  const listeners = new Set<() => void>();
  return {
    start: vi.fn(async () => {}),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => waiting,
    reloadToUpdate: vi.fn(),
    offer() {
      waiting = true;
      for (const listener of listeners) listener();
    },
  };
}

function renderPrompt(props: Parameters<typeof UpdatePrompt>[0]) {
  return render(
    <ThemeProvider theme={theme}>
      <PublicConfigContext value={{ ...defaultPublicConfig, labelName: 'Night Bus Records' }}>
        {/* Registering waits for the page's heading (afterFirstPaint). */}
        <h1>A page</h1>
        <UpdatePrompt {...props} />
      </PublicConfigContext>
    </ThemeProvider>,
  );
}

const notice = () => screen.findByRole('status');
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the update prompt', () => {
  it('registers the worker once the page is up, remembers the label’s name, and shows nothing', async () => {
    const updates = fakeUpdates();
    renderPrompt({ updates, isBusy: () => false });
    await waitFor(() => expect(updates.start).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(LABEL_NAME_STORAGE_KEY)).toBe('Night Bus Records');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(UPDATE_AVAILABLE_TITLE)).toBeNull();
  });

  it('does nothing where there is no service worker', () => {
    const { container } = renderPrompt({ updates: null, isBusy: () => false });
    expect(container.textContent).toBe('A page');
    expect(window.localStorage.getItem(LABEL_NAME_STORAGE_KEY)).toBeNull();
  });

  it('says a new version is available, with Reload, when one waits', async () => {
    const updates = fakeUpdates();
    renderPrompt({ updates, isBusy: () => false });
    expect(screen.queryByText(UPDATE_AVAILABLE_TITLE)).toBeNull();
    updates.offer();
    const alert = await notice();
    expect(alert.textContent).toContain('A new version is available');
    expect(alert.textContent).not.toContain(UPDATE_WAITS_NOTE);
    const reload = button('Reload');
    expect(reload.disabled).toBe(false);

    await userEvent.click(reload);
    expect(updates.reloadToUpdate).toHaveBeenCalledTimes(1);
    expect(button('Reloading…').disabled).toBe(true);
  });

  it('waits while an upload, a submission or unsaved changes would be lost', async () => {
    let busy = true;
    const updates = fakeUpdates(true);
    renderPrompt({ updates, isBusy: () => busy });
    const alert = await notice();
    expect(alert.textContent).toContain(UPDATE_WAITS_NOTE);
    expect(button('Reload').disabled).toBe(true);

    // Looked at again every BUSY_POLL_MS.
    busy = false;
    await waitFor(() => expect(button('Reload').disabled).toBe(false), {
      timeout: BUSY_POLL_MS * 5,
    });
    expect(alert.textContent).not.toContain(UPDATE_WAITS_NOTE);
    await userEvent.click(button('Reload'));
    expect(updates.reloadToUpdate).toHaveBeenCalledTimes(1);
  });

  it('asks again at the moment of the click: an upload may have started since', async () => {
    let busy = false;
    const updates = fakeUpdates(true);
    renderPrompt({ updates, isBusy: () => busy });
    await notice();
    busy = true;
    await userEvent.click(button('Reload'));
    expect(updates.reloadToUpdate).not.toHaveBeenCalled();
    expect(button('Reload').disabled).toBe(true);
    expect((await notice()).textContent).toContain(UPDATE_WAITS_NOTE);
  });

  it('goes away with Not now, for the rest of the page’s life', async () => {
    const updates = fakeUpdates(true);
    renderPrompt({ updates, isBusy: () => false });
    await notice();
    await userEvent.click(button('Not now'));
    expect(screen.queryByText(UPDATE_AVAILABLE_TITLE)).toBeNull();
    updates.offer();
    expect(screen.queryByText(UPDATE_AVAILABLE_TITLE)).toBeNull();
    expect(updates.reloadToUpdate).not.toHaveBeenCalled();
  });

  it('goes away with Escape', async () => {
    renderPrompt({ updates: fakeUpdates(true), isBusy: () => false });
    await notice();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText(UPDATE_AVAILABLE_TITLE)).toBeNull();
  });
});
