/**
 * The code of the page the app opened on (its lazy route chunks), fetched at start in parallel
 * with the session (main.tsx, routes.tsx). Work that the page does not need for its first paint,
 * such as fetching the schemas of the layout's own requests, waits for it so that it does not
 * compete for a phone's bandwidth with the page itself.
 */
let pageCode: Promise<void> = Promise.resolve();

export function setInitialPageCode(loading: Promise<unknown>): void {
  pageCode = loading.then(
    () => undefined,
    () => undefined,
  );
}

/** Resolves once the first page's code has arrived (or failed to); at once when there is none. */
export function initialPageCode(): Promise<void> {
  return pageCode;
}
