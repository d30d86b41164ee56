import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { LEAVE_DURING_UPLOAD_WARNING } from '../../../../domain';

/**
 * While a file is uploading or the submission is being sent, leaving the page would cancel it: ask first (spec 001 §4). A reload
 * or a closed tab gets the browser's own prompt (browsers show their own wording); a link inside
 * the app gets the spec's text.
 */
export function useLeaveWarning(isBusy: () => boolean): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isBusy()) return;
      event.preventDefault();
      event.returnValue = LEAVE_DURING_UPLOAD_WARNING;
      return LEAVE_DURING_UPLOAD_WARNING;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isBusy]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isBusy() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_DURING_UPLOAD_WARNING)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}
