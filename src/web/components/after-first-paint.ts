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
 * measuring it, registering the service worker or fetching the next step's code (issue 17): on a
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
