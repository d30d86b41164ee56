// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstEngagement, afterFirstPaint } from './after-first-paint';
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

describe('work after the first engagement', () => {
  it('waits for the visitor’s own gesture, not a script’s focus, then runs once after the first paint', async () => {
    document.body.innerHTML = '<h1>Submit your music</h1><button type="button">Got it</button>';
    const task = vi.fn();
    afterFirstEngagement(window, task);
    document.querySelector('button')?.focus();
    await flush();
    expect(task).not.toHaveBeenCalled();

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('input'));
    await flush();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled (the page left)', async () => {
    document.body.innerHTML = '<h1>Submit your music</h1>';
    const task = vi.fn();
    const cancel = afterFirstEngagement(window, task);
    cancel();
    window.dispatchEvent(new Event('pointerdown'));
    await flush();
    expect(task).not.toHaveBeenCalled();
  });
});
