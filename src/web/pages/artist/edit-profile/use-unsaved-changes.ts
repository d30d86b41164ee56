import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export const UNSAVED_CHANGES_WARNING = 'You have unsaved changes to your profile. Leave without saving them?';

/**
 * Asks before changes are lost: a link inside the app gets our words, a reload or a closed tab
 * the browser's own prompt (browsers show their own wording). `hasChanges` is read at the moment
 * of leaving, so a page that has just saved can pass a function that already says no.
 */
export function useUnsavedChangesWarning(hasChanges: () => boolean): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasChanges()) return;
      event.preventDefault();
      event.returnValue = UNSAVED_CHANGES_WARNING;
      return UNSAVED_CHANGES_WARNING;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasChanges]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasChanges() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_WARNING)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}
