import { useEffect } from 'react';
import { LEAVE_DURING_UPLOAD_WARNING } from '../../../../domain';
import type { UploadRegistry } from '../form/upload-registry';

/**
 * While a file is uploading, leaving the page would cancel it: the browser asks first (spec 001 §4).
 * Browsers show their own wording; the spec's text is set for those that still use it.
 */
export function useLeaveWarning(registry: UploadRegistry): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!registry.isBusy()) return;
      event.preventDefault();
      event.returnValue = LEAVE_DURING_UPLOAD_WARNING;
      return LEAVE_DURING_UPLOAD_WARNING;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [registry]);
}
