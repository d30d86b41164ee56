import { z } from 'zod';
import { normaliseStatusText, SUBMISSION_STATUSES } from './submission-status';

/** A canonical status (submission-status.ts), as the API's schemas check it. */
export const submissionStatusSchema = z.enum(SUBMISSION_STATUSES);

/** For parsing inbound board data: accepts any spelling of a known status. */
export const boardStatusSchema = z.preprocess(
  (value) => (typeof value === 'string' ? normaliseStatusText(value) : value),
  submissionStatusSchema,
);
