import { useConfirmLeave } from '../../../components/use-confirm-leave';

export const UNSAVED_CHANGES_WARNING =
  'You have unsaved changes to the release details. Leave this page without saving them?';

/** Asks before the artist leaves with changes that are not saved, or an artwork still uploading. */
export function useUnsavedChangesWarning(shouldWarn: boolean): void {
  useConfirmLeave(UNSAVED_CHANGES_WARNING, () => shouldWarn, { includeSearch: true });
}
