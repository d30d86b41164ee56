import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_INTERVAL_MS, startUploadKeepAlive } from './upload-keep-alive';

class FakeDocument extends EventTarget {
  hidden = false;
  hide(hidden: boolean) {
    this.hidden = hidden;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the upload keep-alive', () => {
  it('beats every 5 s while an upload runs in a hidden tab, and not otherwise', () => {
    const doc = new FakeDocument();
    let busy = true;
    const send = vi.fn();
    const stop = startUploadKeepAlive(() => busy, { doc: doc as unknown as Document, send });

    vi.advanceTimersByTime(KEEP_ALIVE_INTERVAL_MS * 3);
    expect(send).not.toHaveBeenCalled(); // visible

    doc.hide(true);
    vi.advanceTimersByTime(KEEP_ALIVE_INTERVAL_MS - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(KEEP_ALIVE_INTERVAL_MS * 2);
    expect(send).toHaveBeenCalledTimes(3);

    busy = false; // the uploads finished
    vi.advanceTimersByTime(KEEP_ALIVE_INTERVAL_MS * 2);
    expect(send).toHaveBeenCalledTimes(3);

    busy = true;
    doc.hide(false); // back in front
    vi.advanceTimersByTime(KEEP_ALIVE_INTERVAL_MS * 2);
    expect(send).toHaveBeenCalledTimes(3);

    doc.hide(true);
    stop();
    vi.advanceTimersByTime(KEEP_ALIVE_INTERVAL_MS * 2);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('starts at once when the form opens in a hidden tab', () => {
    const doc = new FakeDocument();
    doc.hidden = true;
    const send = vi.fn();
    startUploadKeepAlive(() => true, { doc: doc as unknown as Document, send });
    vi.advanceTimersByTime(KEEP_ALIVE_INTERVAL_MS);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
