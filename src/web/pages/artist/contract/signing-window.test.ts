import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  openSigningWindow,
  SIGNING_WINDOW_NAME,
  type SigningPopup,
  type SigningWindowHost,
  signingWindowFeatures,
  watchSigningWindow,
} from './signing-window';

function host(popup: SigningPopup | null, screen: SigningWindowHost['screen']) {
  const open = vi.fn<SigningWindowHost['open']>(() => popup);
  return { host: { open, screen } satisfies SigningWindowHost, open };
}

afterEach(() => vi.useRealTimers());

describe('signingWindowFeatures', () => {
  it('asks for 1000x800 centred on a 1920x1080 screen', () => {
    expect(signingWindowFeatures({ availWidth: 1920, availHeight: 1040 })).toBe(
      'width=1000,height=800,left=460,top=120',
    );
  });

  it('offsets to the screen the page is on and never goes negative on a small screen', () => {
    expect(signingWindowFeatures({ availWidth: 2560, availHeight: 1400, availLeft: 1920, availTop: 0 })).toBe(
      'width=1000,height=800,left=2700,top=300',
    );
    expect(signingWindowFeatures({ availWidth: 800, availHeight: 600 })).toBe(
      'width=1000,height=800,left=0,top=0',
    );
  });
});

describe('openSigningWindow', () => {
  it('opens the URL in the named window with the features and brings it forward', () => {
    const popup = { closed: false, focus: vi.fn() };
    const { host: fake, open } = host(popup, { availWidth: 1440, availHeight: 900 });
    expect(openSigningWindow('/sign/abc', fake)).toBe(popup);
    expect(open).toHaveBeenCalledWith(
      '/sign/abc',
      SIGNING_WINDOW_NAME,
      'width=1000,height=800,left=220,top=50',
    );
    expect(popup.focus).toHaveBeenCalledOnce();
  });

  it('answers null when the browser blocked the popup', () => {
    const { host: fake } = host(null, { availWidth: 1440, availHeight: 900 });
    expect(openSigningWindow('/sign/abc', fake)).toBeNull();
  });
});

describe('watchSigningWindow', () => {
  it('checks every second and reports the closure once', () => {
    vi.useFakeTimers();
    const popup = { closed: false };
    const onClosed = vi.fn();
    watchSigningWindow(popup, onClosed);
    vi.advanceTimersByTime(5_000);
    expect(onClosed).not.toHaveBeenCalled();
    popup.closed = true;
    vi.advanceTimersByTime(999);
    expect(onClosed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onClosed).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(10_000);
    expect(onClosed).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops with the returned function and uses the injected timers', () => {
    const callbacks: (() => void)[] = [];
    const timers = {
      setInterval: vi.fn((callback: () => void, _ms: number) => callbacks.push(callback)),
      clearInterval: vi.fn(),
    };
    const popup = { closed: false };
    const onClosed = vi.fn();
    const stop = watchSigningWindow(popup, onClosed, timers);
    expect(timers.setInterval).toHaveBeenCalledWith(expect.any(Function), 1_000);
    stop();
    expect(timers.clearInterval).toHaveBeenCalledWith(1);
    popup.closed = true;
    callbacks[0]?.();
    expect(onClosed).not.toHaveBeenCalled();
  });
});
