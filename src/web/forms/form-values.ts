import {
  type AudioWaveform,
  createDefaultSubmissionForm,
  type IsoDate,
  type SubmissionDraft,
  type TrackDraft,
  type UploadFileType,
  type UploadResult,
} from '../../domain';
import type { UploadInput } from '../upload';

/**
 * The one state of the submission form (react-hook-form holds it). It is the domain's
 * `SubmissionDraft` plus what the browser needs to carry the uploads along:
 * - `uploadSessionId` groups this submission's uploads on the server (which checks that every
 *   referenced upload belongs to it); it survives a reload with the draft;
 * - `artworkFileId` / `artworkFileName` / `artworkWidth` / `artworkHeight` describe the uploaded
 *   artwork (`artwork` is its url).
 * Picked files (`tracks[].file`, `artworkFile`) are in memory only; the draft keeps the upload
 * results, so a reload re-attaches finished uploads by id.
 */
/** What the browser read from a WAV's header when it was picked, kept to show with the track. */
export interface AudioSummary {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  durationSeconds: number;
}

export type SubmitFormValues = SubmissionDraft & {
  uploadSessionId: string;
  /** Per track id. */
  audioInfo?: Record<string, AudioSummary> | undefined;
  /**
   * Per track id: the waveform the loudness check measured in the same pass, which
   * the clip picker draws without decoding the file again. Kept with the draft (the picked file
   * is not), never sent: the server measures the stored file itself.
   */
  waveforms?: Record<string, AudioWaveform> | undefined;
  artworkFileId?: string | undefined;
  artworkFileName?: string | undefined;
  artworkWidth?: number | undefined;
  artworkHeight?: number | undefined;
};

/** Uploads go to the artist's folder; development mode can skip step 1, so there may be no name yet. */
const UNKNOWN_ARTIST = 'Unknown Artist';

/** What the upload service needs to file one of this form's files (spec 001 §7). */
export function buildUploadInput(
  values: SubmitFormValues,
  fileType: UploadFileType,
  trackTitle?: string,
): UploadInput {
  return {
    artistName: values.artistName.trim() || UNKNOWN_ARTIST,
    fileType,
    ...(trackTitle ? { trackTitle } : {}),
    releaseTitle: values.releaseTitle,
    sessionId: values.uploadSessionId,
  };
}

/** A track once its audio is uploaded: the stored file replaces the picked one. */
export function withUploadedAudio<T extends TrackDraft>(
  track: T,
  result: UploadResult,
  fallbackName: string,
): T {
  return {
    ...track,
    file: null,
    isUploading: false,
    uploadFailed: false,
    uploadProgress: 100,
    url: result.url,
    fileId: result.fileId,
    fileName: result.fileName ?? fallbackName,
  };
}

/** A track once its custom artwork is uploaded: the stored file replaces the picked one. */
export function withUploadedCustomArtwork<T extends TrackDraft>(
  track: T,
  uploaded: { fileId: string; url?: string | undefined },
): T {
  return {
    ...track,
    customArtwork: null,
    customArtworkUrl: uploaded.url,
    customArtworkFileId: uploaded.fileId,
  };
}

export function createId(): string {
  return crypto.randomUUID();
}

/**
 * The artist's calendar date: the 6-week rule counts days in the artist's own time zone, which is
 * the zone `Date`'s local fields are in. Read from those rather than through `Intl`: the first
 * `Intl` formatter a page makes loads the locale data, tens of milliseconds on a phone inside the
 * form's first render (total blocking time).
 */
export function getToday(now: Date = new Date()): IsoDate {
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${String(now.getFullYear()).padStart(4, '0')}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
}

export function createInitialValues(today: IsoDate = getToday()): SubmitFormValues {
  return { ...createDefaultSubmissionForm(today, createId), uploadSessionId: `form-${createId()}` };
}

/** Field names for the anchors: the same dotted paths the domain validators report (`tracks.0.title`). */
export type FieldPath = string;
