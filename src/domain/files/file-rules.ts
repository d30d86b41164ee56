import { isStorableLine } from '../common/text';
import { BYTES_PER_MB, type FileLike, getFileExtension } from './file-like';
import {
  ARTWORK_TOO_LARGE,
  AUDIO_TOO_LARGE,
  formatInvalidWavType,
  IMAGE_TOO_LARGE,
  INVALID_ARTWORK_TYPE,
  INVALID_AUDIO_FORMAT,
  INVALID_FILE_NAME,
  INVALID_IMAGE_FORMAT,
} from './messages';

export const MAX_AUDIO_MB = 200;
/** One artwork limit, stated the same on screen (design.md §2; the examined portal said 25MB). */
export const MAX_ARTWORK_MB = 20;
export const MAX_IMAGE_MB = 20;
/** Above this size the browser uploads straight to storage through a signed URL (spec 001 §9). */
export const LARGE_FILE_THRESHOLD_MB = 15;
export const STANDARD_UPLOAD_TIMEOUT_MS = 300_000;
export const DIRECT_UPLOAD_TIMEOUT_MS = 600_000;

export const WAV_MIME_TYPES = ['audio/wav', 'audio/wave', 'audio/x-wav', 'audio/vnd.wave'] as const;
export const UPLOAD_AUDIO_EXTENSIONS = ['wav', 'mp3', 'flac', 'm4a', 'aac'] as const;
export const UPLOAD_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'] as const;
export const ARTWORK_MIME_TYPES = ['image/jpeg', 'image/jpg'] as const;
/** Accept strings for the pickers, built from the same rules. */
export const RELEASE_AUDIO_ACCEPT = ['.wav', ...WAV_MIME_TYPES].join(',');
export const ARTWORK_ACCEPT = ['.jpg', '.jpeg', ...ARTWORK_MIME_TYPES].join(',');

function exceedsMb(size: number, limitMb: number): boolean {
  return size > limitMb * BYTES_PER_MB;
}

/** Safari often reports WAV files with no type or as a generic binary, so it gets the benefit of the doubt. */
function isSafariUntypedFile(type: string, browser: string): boolean {
  return browser === 'Safari' && (type === '' || type === 'application/octet-stream');
}

/**
 * Release audio in the form (spec 001 §5): a WAV by name or MIME type, at most 200 MB. `browser`
 * is the browser's name (see detectBrowserName); it appears in the message and decides the Safari case.
 * Returns the message, or null when the file is accepted.
 */
export function checkReleaseAudio(file: FileLike, browser: string): string | null {
  const type = file.type.toLowerCase();
  const isWav =
    getFileExtension(file.name) === 'wav' ||
    (WAV_MIME_TYPES as readonly string[]).includes(type) ||
    isSafariUntypedFile(type, browser);
  // An empty type would read "Got:  (Browser: ...)"; 'unknown' says the same thing legibly.
  if (!isWav) return formatInvalidWavType(file.type || 'unknown', browser);
  if (exceedsMb(file.size, MAX_AUDIO_MB)) return AUDIO_TOO_LARGE;
  return null;
}

/**
 * A file name Imprint can keep: it is shown to staff and sent back in downloads, so it must be one
 * line of storable text (no control characters, no half of an emoji).
 */
export function checkUploadFileName(name: string): string | null {
  return isStorableLine(name) ? null : INVALID_FILE_NAME;
}

/** The upload service's wider audio check: any audio type, or a known audio extension. */
export function checkUploadAudio(file: FileLike): string | null {
  const nameProblem = checkUploadFileName(file.name);
  if (nameProblem) return nameProblem;
  const ok =
    file.type.toLowerCase().startsWith('audio/') ||
    (UPLOAD_AUDIO_EXTENSIONS as readonly string[]).includes(getFileExtension(file.name));
  if (!ok) return INVALID_AUDIO_FORMAT;
  if (exceedsMb(file.size, MAX_AUDIO_MB)) return AUDIO_TOO_LARGE;
  return null;
}

/** Artwork in the form: JPEG only, at most 20 MB. */
export function checkArtwork(file: FileLike): string | null {
  if (!(ARTWORK_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase()))
    return INVALID_ARTWORK_TYPE;
  if (exceedsMb(file.size, MAX_ARTWORK_MB)) return ARTWORK_TOO_LARGE;
  return null;
}

/** The upload service's image check: any image type, or a known image extension, at most 20 MB. */
export function checkUploadImage(file: FileLike): string | null {
  const nameProblem = checkUploadFileName(file.name);
  if (nameProblem) return nameProblem;
  const ok =
    file.type.toLowerCase().startsWith('image/') ||
    (UPLOAD_IMAGE_EXTENSIONS as readonly string[]).includes(getFileExtension(file.name));
  if (!ok) return INVALID_IMAGE_FORMAT;
  if (exceedsMb(file.size, MAX_IMAGE_MB)) return IMAGE_TOO_LARGE;
  return null;
}

export function shouldUploadDirect(size: number): boolean {
  return exceedsMb(size, LARGE_FILE_THRESHOLD_MB);
}

/**
 * The generic matcher behind the pickers' `accept` lists: `audio/*` and `image/*` wildcards,
 * `.ext` extensions and exact MIME types, case-insensitive, comma-separated.
 */
export function matchesAcceptedType(
  file: Pick<FileLike, 'name' | 'type'>,
  accept: string | readonly string[],
): boolean {
  const patterns = (typeof accept === 'string' ? accept.split(',') : accept)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  const type = file.type.toLowerCase();
  const extension = getFileExtension(file.name);
  return patterns.some((pattern) => {
    if (pattern.startsWith('.')) return extension !== '' && pattern === `.${extension}`;
    if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1));
    return type === pattern;
  });
}
