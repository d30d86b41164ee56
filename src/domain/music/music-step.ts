import type { IsoDate } from '../common/calendar-date';
import { buildStepValidation, type StepValidation } from '../common/field-error';
import { type TransferInput, validateTransfer } from '../transfer/transfer-validation';
import { type MusicUploadInput, validateMusicUpload } from './music-validation';

export type MusicStepInput = MusicUploadInput & TransferInput;

/**
 * Step 2 as a whole: the music rules for new-music or both, the transfer rules for transfer or
 * both. The banner shows the music problem first because that part of the page comes first.
 */
export function validateMusicStep(form: MusicStepInput, today: IsoDate): StepValidation {
  const music: StepValidation =
    form.uploadType === 'transfer' ? { errors: [] } : validateMusicUpload(form, today);
  const transfer: StepValidation = form.uploadType === 'new-music' ? { errors: [] } : validateTransfer(form);
  return buildStepValidation(
    [...music.errors, ...transfer.errors],
    music.stepMessage ?? transfer.stepMessage,
  );
}
