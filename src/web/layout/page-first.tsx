import { type ReactNode, Suspense, use, useEffect } from 'react';

/**
 * Hydrating a prerendered page, the page comes before its frame: the top bar and the footer keep
 * the server's markup (which already shows and links) until the page itself has been taken over,
 * so on a phone the form answers its first tap sooner. Nothing waits when the app renders the
 * page itself, or on the server.
 */
let pageFirst = false;
let release: () => void = () => {};
const pageReady = new Promise<void>((resolve) => {
  release = resolve;
});

/** Called before hydrating a prerendered page (main.tsx): its frame waits for it. */
export function hydratePageFirst(): void {
  pageFirst = true;
}

function WaitForPage({ children }: { children: ReactNode }) {
  // Called on every render once set, as `use` must be: React marks the promise fulfilled when it
  // resolves, so later renders pass straight through.
  if (pageFirst) use(pageReady);
  return children;
}

/**
 * Part of the page's frame, hydrated once the page has been. A click on it before then is not
 * lost: React takes the part over first, and its links work as plain links meanwhile.
 */
export function AfterPage({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WaitForPage>{children}</WaitForPage>
    </Suspense>
  );
}

/** Inside the page's boundary: its effect runs once the page is on screen and live. */
export function PageTakenOver() {
  useEffect(() => {
    if (pageFirst) release();
  }, []);
  return null;
}
