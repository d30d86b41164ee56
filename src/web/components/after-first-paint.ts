import { initialPageCode } from './initial-page';

/** How long work waits for the page's heading before it runs anyway (a page that failed, say). */
const HEADING_WAIT_CAP_MS = 10_000;

/**
 * Resolves once the page shows its heading: every page has an h1, its loading states do not. The
 * page's own lazy parts (a wizard's first step, say) are then in, not merely its route's chunk.
 */
function headingShown(target: Window): Promise<void> {
  const doc = target.document;
  if (doc.querySelector('h1')) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      target.clearTimeout(cap);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (doc.querySelector('h1')) done();
    });
    observer.observe(doc, { childList: true, subtree: true });
    const cap = target.setTimeout(done, HEADING_WAIT_CAP_MS);
  });
}

/**
 * Runs `task` once the page is up: loaded, its own lazy code arrived and its heading shown, and
 * the browser idle (or 2 s later at the latest). For work the first paint does not need, such as
 * measuring it, registering the service worker or fetching the next step's code: on a
 * phone's connection it would otherwise compete with the page for bandwidth.
 */
export function afterFirstPaint(target: Window, task: () => void): void {
  const whenUp = () => {
    void initialPageCode()
      .then(() => headingShown(target))
      .then(() => {
        if (typeof target.requestIdleCallback === 'function')
          target.requestIdleCallback(task, { timeout: 2_000 });
        else target.setTimeout(task, 0);
      });
  };
  if (target.document.readyState === 'complete') whenUp();
  else target.addEventListener('load', whenUp, { once: true });
}

/** What says a visitor has started using the page: their own gestures, never a script's focus. */
const ENGAGEMENT_EVENTS = ['pointerdown', 'keydown', 'input'] as const;

/**
 * Runs `task` once the visitor starts using the page (a tap, a click, a key, typing), when the
 * browser is next idle (or 2 s later at the latest), and after the first paint's own work. For
 * code only someone filling the page in will need, such as the submit form's later steps: a
 * visitor who only reads pays for none of it, in data or in a phone's CPU while the page loads,
 * and someone filling in step 1 has it long before they reach step 2.
 */
export function afterFirstEngagement(target: Window, task: () => void): () => void {
  let done = false;
  const engaged = () => {
    stop();
    afterFirstPaint(target, () => {
      if (done) return;
      done = true;
      task();
    });
  };
  const stop = () => {
    for (const type of ENGAGEMENT_EVENTS) target.removeEventListener(type, engaged, { capture: true });
  };
  for (const type of ENGAGEMENT_EVENTS)
    target.addEventListener(type, engaged, { capture: true, passive: true });
  return () => {
    done = true;
    stop();
  };
}
