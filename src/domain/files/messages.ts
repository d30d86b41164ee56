/** File messages, word for word from spec 001 §5 and §8. */
export const AUDIO_TOO_LARGE = 'File size exceeds 200MB limit';
export const INVALID_AUDIO_FORMAT = 'Invalid audio file format';
export const INVALID_ARTWORK_TYPE = 'Please select a valid JPEG or JPG file';
export const ARTWORK_TOO_LARGE = 'File size exceeds 20MB limit';
export const ARTWORK_PREVIEW_FAILED =
  'Unable to preview image. File is valid and will be uploaded, but preview failed.';
export const INVALID_IMAGE_FORMAT = 'Invalid image file format';
export const IMAGE_TOO_LARGE = 'Image size exceeds 20MB limit';

export function formatInvalidWavType(type: string, browser: string): string {
  return `Invalid file type. Expected: WAV file. Got: ${type} (Browser: ${browser})`;
}

/**
 * A file name with a control character or half an emoji: not quoted by the spec. The
 * name is shown to staff and sent back in downloads, so it has to be text that can be stored.
 */
export const INVALID_FILE_NAME =
  'The file name contains characters that cannot be stored. Please rename the file and try again.';

/** The standard upload's answers to a request it cannot use (not quoted by the spec). */
export const UPLOAD_REQUEST_MESSAGES = {
  notMultipart: 'Send the file as multipart/form-data',
  malformed: 'The upload could not be read: the request is not complete multipart/form-data.',
  oneFile: 'Send exactly one file, in the field "file"',
  noFile: 'No file uploaded',
  cutShort: 'The file was cut short',
  tooManyParts: 'The upload has more parts than a file and its fields.',
} as const;

/**
 * A resumable (tus) chunk that runs past the length declared when the upload began:
 * the upload ends and its bytes are deleted at once. Not quoted by the spec.
 */
export const RESUMABLE_CHUNK_TOO_LONG = 'The file is longer than the size given when its upload began';
