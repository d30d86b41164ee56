import { useConfirmLeave } from '../../../components/use-confirm-leave';

export const UNSAVED_CHANGES_WARNING = 'You have unsaved changes to your profile. Leave without saving them?';

/**
 * Asks before changes are lost. `hasChanges` is read at the moment of leaving, so a page that has
 * just saved can pass a function that already says no.
 */
export function useUnsavedChangesWarning(hasChanges: () => boolean): void {
  useConfirmLeave(UNSAVED_CHANGES_WARNING, hasChanges);
}
