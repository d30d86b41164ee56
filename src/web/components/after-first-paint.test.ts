// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';
import { setInitialPageCode } from './initial-page';

afterEach(() => {
  document.body.innerHTML = '';
  setInitialPageCode(Promise.resolve());
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('work after the first paint', () => {
  it('waits for the page’s own code and its heading, then runs once', async () => {
    let arrive = () => {};
    setInitialPageCode(
      new Promise<void>((resolve) => {
        arrive = resolve;
      }),
    );
    const task = vi.fn();
    afterFirstPaint(window, task);
    await flush();
    expect(task).not.toHaveBeenCalled();

    arrive();
    await flush();
    // The code is in, but the page still shows its loading state (no heading).
    expect(task).not.toHaveBeenCalled();

    const heading = document.createElement('h1');
    heading.textContent = 'Submit your music';
    document.body.append(heading);
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('runs even when the page’s code failed to load, once a heading shows', async () => {
    setInitialPageCode(Promise.reject(new Error('chunk failed')));
    document.body.innerHTML = '<h1>Something went wrong</h1>';
    const task = vi.fn();
    afterFirstPaint(window, task);
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });
});
