/** Signed-in area texts, word for word from spec 000 §2 and §8. */
export const NO_SUBMISSIONS = "You don't have any submissions yet.";
export const NO_MEDIA_FILES = 'No media files available for this submission.';
export const SUBMISSION_NOT_FOUND = 'Submission not found';
export const NO_SUBMISSION_ID = 'No submission ID provided';
