import { LEAVE_DURING_UPLOAD_WARNING } from '../../../../domain';
import { useConfirmLeave } from '../../../components/use-confirm-leave';

/**
 * While a file is uploading or the submission is being sent, leaving the page would cancel it:
 * ask first, in the spec's words (001 §4).
 */
export function useLeaveWarning(isBusy: () => boolean): void {
  useConfirmLeave(LEAVE_DURING_UPLOAD_WARNING, isBusy);
}
