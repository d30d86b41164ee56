/**
 * What a submission uploads (spec 001 §2, step 2): new music, a transfer of existing releases, or
 * both. No zod here: the board shows the labels on its first paint; the schema is
 * `uploadTypeSchema` in schemas/submission-form.ts.
 */
export const UPLOAD_TYPES = ['new-music', 'transfer', 'both'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** The upload-type choice as the form words it (spec 001 §2, step 2). */
export const UPLOAD_TYPE_LABELS: Readonly<Record<UploadType, string>> = {
  'new-music': 'Release New Music',
  transfer: 'Transfer Existing',
  both: 'Both Options',
};

export function isUploadType(value: unknown): value is UploadType {
  return typeof value === 'string' && (UPLOAD_TYPES as readonly string[]).includes(value);
}
