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
