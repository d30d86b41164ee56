import {
  type IsoDate,
  type StepValidation,
  validateArtistDetails,
  validateMusicStep,
  WIZARD_STEPS,
} from '../../../../domain';
import type { SubmitFormValues } from '../../../forms/form-values';

export const STEP_COUNT = WIZARD_STEPS.length;
export const ARTIST_STEP = 0;
export const MUSIC_STEP = 1;
export const ADDITIONAL_STEP = 2;
export const REVIEW_STEP = 3;

/** The domain's rules for one step (spec 001 §5); steps 3 and 4 have no checks of their own. */
export function validateStep(step: number, values: SubmitFormValues, today: IsoDate): StepValidation {
  if (step === ARTIST_STEP) return validateArtistDetails(values);
  if (step === MUSIC_STEP) return validateMusicStep(values, today);
  return { errors: [] };
}
