import {
  BOT_CHECK_FAILED,
  type CreateBoardItemPayload,
  type CreateBoardItemResponse,
  FORM_VALIDATION_FAILED,
  formatArtworkUploadFailed,
  formatBoardEntryFailed,
  formatCustomArtworkUploadFailed,
  formatTrackUploadFailed,
  getArtworkUploadProgress,
  getCustomArtworkProgress,
  getTrackUploadProgress,
  hasTrackAudio,
  type IsoDate,
  PROGRESS,
  PROGRESS_UPDATE_DELAY_MS,
  type ProcessSocialClipsPayload,
  type SubmissionVerification,
  scoreBotCheck,
  UPLOAD_MESSAGES,
  type UploadResult,
  validateSubmission,
} from '../../../../domain';
import { ApiError } from '../../../api/client';
import type { SubmitFormValues } from '../../../forms/form-values';
import {
  ARTWORK_UPLOAD_KEY,
  customArtworkUploadKey,
  type UploadRegistry,
} from '../../../forms/upload-registry';
import type { SubmissionLinkFields } from './build-payload';

/**
 * The payload's builder checks the whole form with its zod schema: loaded with the later steps
 * (the wizard preloads it), not with /submit, whose first step must answer a phone's first tap.
 */
export const loadPayloadBuilder = () => import('./build-payload');

/** What the 'Uploading Submission' modal shows (spec 001 §3, Progress record). */
export interface SubmissionProgress {
  status: string;
  progress: number;
  currentFile: number;
  totalFiles: number;
  startTime: number;
}

/** Where the pipeline stopped, for the error report. */
export type SubmissionStage =
  | 'validation'
  | 'track-upload'
  | 'artwork-upload'
  | 'custom-artwork-upload'
  | 'board'
  | 'social-clips';

export class SubmissionError extends Error {
  override readonly name = 'SubmissionError';
  constructor(
    message: string,
    readonly stage: SubmissionStage,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

export interface RunSubmissionDeps {
  registry: UploadRegistry;
  getValues(): SubmitFormValues;
  /** Writes a finished upload into the form (a track's audio or custom artwork, or the artwork). */
  attachUpload(key: string, result: UploadResult): void;
  verification(): SubmissionVerification;
  /** When the form was shown, for the client's bot score; null without timing data. */
  startedAt: number | null;
  today: IsoDate;
  /** Development mode skips the form's validation (design.md §2); the server still checks. */
  skipValidation: boolean;
  createBoardItem(payload: CreateBoardItemPayload): Promise<CreateBoardItemResponse>;
  processSocialClips(payload: ProcessSocialClipsPayload): Promise<unknown>;
  onProgress(progress: SubmissionProgress): void;
  delay(ms: number): Promise<void>;
  now(): number;
  /** The spec only warns when clips fail. */
  warn(message: string, error: unknown): void;
  /** The personal link's token the submission came through, if any. */
  link?: SubmissionLinkFields;
  /**
   * Replaces the board failure text; the server's reason follows it when it gave one (an
   * invitation's 'Failed to update board entry via invitation', spec 001 §8).
   */
  boardFailurePrefix?: string;
}

/** The server's own words about a refused or failed request, when it sent any. */
function serverReason(error: unknown): string {
  if (!(error instanceof ApiError) || error.status < 400) return '';
  const body = error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : {};
  return typeof body.error === 'string' || typeof body.message === 'string' ? error.message : '';
}

/**
 * Submit Music (spec 001 §4): validate, make sure every file is uploaded (files start uploading
 * when picked, so this mostly waits for the last ones), create the board item, ask for the social
 * clips. The bar moves through the spec's milestones, each update held 200 ms so it can be read.
 */
export async function runSubmission(deps: RunSubmissionDeps): Promise<{ itemId: string }> {
  const startTime = deps.now();
  let current = 0;
  let total = 0;
  const report = (progress: number, status: string) =>
    deps.onProgress({ status, progress, currentFile: current, totalFiles: total, startTime });
  const step = async (progress: number, status: string) => {
    report(progress, status);
    await deps.delay(PROGRESS_UPDATE_DELAY_MS);
  };

  await step(PROGRESS.validating, 'Validating your submission...');
  const values = deps.getValues();
  const validation = validateSubmission(
    { ...values, tracks: values.tracks.filter(hasTrackAudio) } as Parameters<typeof validateSubmission>[0],
    deps.today,
  );
  if (!deps.skipValidation && validation.errors.length > 0) {
    throw new SubmissionError(validation.stepMessage ?? FORM_VALIDATION_FAILED, 'validation');
  }
  const failedTrack = values.tracks.find((track) => track.uploadFailed && !hasTrackAudio(track));
  if (failedTrack) {
    const state = deps.registry.get(failedTrack.id);
    const reason = state?.status === 'failed' ? state.error : UPLOAD_MESSAGES.failed;
    throw new SubmissionError(
      formatTrackUploadFailed(failedTrack.title || 'your track', reason),
      'track-upload',
    );
  }
  const withAudio = values.uploadType === 'transfer' ? [] : values.tracks.filter(hasTrackAudio);
  const hasArtwork = values.uploadType !== 'transfer' && Boolean(values.artworkFile || values.artwork);
  const bot = scoreBotCheck({
    startedAt: deps.startedAt,
    submittedAt: deps.now(),
    honeypot: deps.verification().honeypot,
    artistName: values.artistName,
    releaseTitle: values.releaseTitle,
    trackCount: withAudio.length,
    hasArtwork,
    firstName: values.firstName,
    surname: values.surname,
    email: values.email,
  });
  if (!deps.skipValidation && !bot.valid) throw new SubmissionError(BOT_CHECK_FAILED, 'validation');

  // Tracks with their own artwork picked or uploaded; one switched on with nothing is the
  // validation's to report (the server refuses it too, when development mode skipped it here).
  const withCustomArtwork = withAudio.filter(
    (track) =>
      track.useCustomArtwork &&
      (track.customArtworkFileId || deps.registry.get(customArtworkUploadKey(track.id))),
  );

  await step(PROGRESS.preparing, 'Preparing your files...');
  total = withAudio.length + (hasArtwork ? 1 : 0) + withCustomArtwork.length;

  for (const [index, track] of withAudio.entries()) {
    current = index + 1;
    const status = `Uploading "${track.title}"...`;
    await step(getTrackUploadProgress(index, withAudio.length, 0), status);
    const settled = await deps.registry.whenSettled(track.id, (progress) =>
      report(getTrackUploadProgress(index, withAudio.length, progress.percent / 100), status),
    );
    if (settled?.status === 'done') deps.attachUpload(track.id, settled.result);
    if (settled?.status === 'failed') {
      throw new SubmissionError(formatTrackUploadFailed(track.title, settled.error), 'track-upload');
    }
    const latest = deps.getValues().tracks.find((t) => t.id === track.id);
    if (!latest?.fileId) {
      throw new SubmissionError(
        formatTrackUploadFailed(track.title, 'the upload was cancelled. Please choose the file again.'),
        'track-upload',
      );
    }
  }
  await step(
    PROGRESS.tracksEnd,
    withAudio.length > 0 ? 'Audio tracks uploaded' : 'No audio tracks to upload',
  );

  if (hasArtwork) {
    current = total;
    await step(getArtworkUploadProgress(0), 'Uploading artwork...');
    const settled = await deps.registry.whenSettled(ARTWORK_UPLOAD_KEY, (progress) =>
      report(getArtworkUploadProgress(progress.percent / 100), 'Uploading artwork...'),
    );
    if (settled?.status === 'done') deps.attachUpload(ARTWORK_UPLOAD_KEY, settled.result);
    if (settled?.status === 'failed')
      throw new SubmissionError(formatArtworkUploadFailed(settled.error), 'artwork-upload');
    if (!deps.getValues().artworkFileId) {
      throw new SubmissionError(
        formatArtworkUploadFailed('the upload was cancelled. Please choose the artwork again.'),
        'artwork-upload',
      );
    }
    await step(PROGRESS.artworkEnd, 'Artwork uploaded');
  }
  for (const [index, track] of withCustomArtwork.entries()) {
    current = withAudio.length + (hasArtwork ? 1 : 0) + index + 1;
    const status = `Uploading the artwork of "${track.title}"...`;
    const count = withCustomArtwork.length;
    await step(getCustomArtworkProgress(index, count, 0), status);
    const key = customArtworkUploadKey(track.id);
    const settled = await deps.registry.whenSettled(key, (progress) =>
      report(getCustomArtworkProgress(index, count, progress.percent / 100), status),
    );
    if (settled?.status === 'done') deps.attachUpload(key, settled.result);
    if (settled?.status === 'failed') {
      throw new SubmissionError(
        formatCustomArtworkUploadFailed(track.title, settled.error),
        'custom-artwork-upload',
      );
    }
    const latest = deps.getValues().tracks.find((t) => t.id === track.id);
    if (!latest?.customArtworkFileId) {
      throw new SubmissionError(
        formatCustomArtworkUploadFailed(
          track.title,
          'the upload was cancelled. Please choose the artwork again.',
        ),
        'custom-artwork-upload',
      );
    }
  }
  await step(
    PROGRESS.customArtworkEnd,
    withCustomArtwork.length > 0 ? 'Track artwork uploaded' : 'Files ready',
  );

  await step(PROGRESS.submittingToBoard, 'Sending your submission to the label...');
  let payload: CreateBoardItemPayload;
  try {
    // Code that could not be fetched could not check the form either: trying again fetches it.
    const { buildCreateItemPayload } = await loadPayloadBuilder();
    payload = buildCreateItemPayload(deps.getValues(), deps.verification(), deps.link);
  } catch (error) {
    throw new SubmissionError(FORM_VALIDATION_FAILED, 'validation', error);
  }
  let itemId: string;
  try {
    const response = await deps.createBoardItem(payload);
    if (!response.success || !response.data?.itemId)
      throw new Error(response.error ?? formatBoardEntryFailed('board'));
    itemId = response.data.itemId;
  } catch (error) {
    if (deps.boardFailurePrefix) {
      const reason = serverReason(error);
      throw new SubmissionError(
        reason ? `${deps.boardFailurePrefix}: ${reason}` : deps.boardFailurePrefix,
        'board',
        error,
      );
    }
    // The server's refusal is in the spec's words (validation, files, bot check): show it as is.
    const message =
      error instanceof ApiError && error.status >= 400 && error.status < 500
        ? error.message
        : formatBoardEntryFailed('board');
    throw new SubmissionError(message, 'board', error);
  }
  await step(PROGRESS.entryCreated, 'Submission received');

  const tracksWithClips = payload.formData.tracks.filter(
    (track) => track.metadata?.socialClipsEnabled && track.metadata.socialClips.length > 0,
  );
  if (tracksWithClips.length > 0) {
    await step(PROGRESS.socialClips, 'Preparing your social clips...');
    try {
      await deps.processSocialClips({
        itemId,
        artistName: payload.formData.artistName,
        tracksWithClips: tracksWithClips.map((track) => ({
          title: track.title,
          artistName: payload.formData.artistName,
          fileId: track.fileId ?? '',
          ...(track.fileName ? { fileName: track.fileName } : {}),
          socialClips: (track.metadata?.socialClips ?? []).map((clip) => ({
            id: clip.id,
            startTime: clip.startTime,
            endTime: clip.endTime,
            ...(clip.description ? { description: clip.description } : {}),
          })),
        })),
      });
    } catch (error) {
      // The clips were stored with the submission and their job is queued: only warn (spec §7).
      deps.warn('Social clip processing could not be requested', error);
    }
  }
  await step(PROGRESS.done, 'Submission complete!');
  return { itemId };
}
