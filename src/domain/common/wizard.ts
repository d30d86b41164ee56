/**
 * The submission wizard's fixed texts (spec 001 §2): step titles in order, the banner title,
 * and the submit button's labels. Steps 3 and 4 have no checks of their own.
 */
export const WIZARD_STEPS = [
  'Artist Information',
  'Music Upload',
  'Additional Information',
  'Review & Submit',
] as const;

export const REQUIRED_INFORMATION_MISSING = 'Required Information Missing';
export const SUBMIT_MUSIC_LABEL = 'Submit Music';
export const SUBMITTING_LABEL = 'Submitting...';
export const CONTINUE_TO_REVIEW_LABEL = 'Continue to Review';
