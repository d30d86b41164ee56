import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * True on the server and while React takes over a prerendered page, false in every
 * other render. A component whose output depends on what only the browser knows (its storage)
 * renders the server's version while this is true, so hydration finds the markup it expects;
 * React renders it again with `false` right after.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => false,
    () => true,
  );
}
