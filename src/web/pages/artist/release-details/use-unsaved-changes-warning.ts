import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export const UNSAVED_CHANGES_WARNING =
  'You have unsaved changes to the release details. Leave this page without saving them?';

/**
 * Asks before the artist leaves with changes that are not saved, or an artwork still uploading:
 * a link inside the app gets this page's question, a reload or a closed tab the browser's own
 * (browsers show their own wording), as the submission form does while it uploads.
 */
export function useUnsavedChangesWarning(shouldWarn: boolean): void {
  const warn = useRef(shouldWarn);
  warn.current = shouldWarn;

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!warn.current) return;
      event.preventDefault();
      event.returnValue = UNSAVED_CHANGES_WARNING;
      return UNSAVED_CHANGES_WARNING;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      warn.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_WARNING)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}
