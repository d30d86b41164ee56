import { useEffect, useRef } from 'react';
import { type Location, useBlocker } from 'react-router';

/** The `shouldWarn` of every page on screen that asks before it is left. */
const leaveGuards = new Set<{ current: () => boolean }>();

/**
 * True while leaving or reloading would lose something on a page on screen: an upload or a
 * submission running, changes not saved. The update prompt waits for this to pass before it
 * offers to reload (src/web/pwa/update-prompt.tsx).
 */
export function isLeaveGuarded(): boolean {
  for (const guard of leaveGuards) if (guard.current()) return true;
  return false;
}

/**
 * Asks before the page is left while `shouldWarn()` says so (an upload running, unsaved changes):
 * a link inside the app gets `message` through the router's blocker, a reload or a closed tab the
 * browser's own prompt (browsers show their own wording). `shouldWarn` is read at the moment of
 * leaving. Each blocked navigation is asked about once, however often the page re-renders while
 * the question is open.
 */
export function useConfirmLeave(
  message: string,
  shouldWarn: () => boolean,
  options: { includeSearch?: boolean } = {},
): void {
  const latest = useRef(shouldWarn);
  latest.current = shouldWarn;

  useEffect(() => {
    leaveGuards.add(latest);
    return () => {
      leaveGuards.delete(latest);
    };
  }, []);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      event.preventDefault();
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [message]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      latest.current() &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (options.includeSearch === true && currentLocation.search !== nextLocation.search)),
  );
  const asked = useRef<Location | null>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      asked.current = null;
      return;
    }
    if (asked.current === blocker.location) return;
    asked.current = blocker.location;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
}
