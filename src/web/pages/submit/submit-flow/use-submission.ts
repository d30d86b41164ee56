import { useCallback, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type IsoDate, SUBMISSION_FAILED, SUCCESS_PAUSE_MS, type UploadResult } from '../../../../domain';
import { reportError } from '../../../api/report-error';
import { createBoardItem, processSocialClips } from '../../../api/submissions';
import {
  type SubmitFormValues,
  withUploadedAudio,
  withUploadedCustomArtwork,
} from '../../../forms/form-values';
import {
  ARTWORK_UPLOAD_KEY,
  trackIdOfCustomArtworkKey,
  type UploadRegistry,
} from '../../../forms/upload-registry';
import { clearDraft } from '../form/draft-storage';
import type { SubmissionLinkFields } from './build-payload';
import { type HoneypotRefs, readHoneypot } from './honeypot-fields';
import { runSubmission, SubmissionError, type SubmissionProgress } from './run-submission';

export const TURNSTILE_PENDING = 'Please complete the security check above, then press Submit Music again.';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface SubmissionOptions {
  methods: UseFormReturn<SubmitFormValues>;
  registry: UploadRegistry;
  honeypot: HoneypotRefs;
  /** When the form opened, and the server's form token as it stands when the form is sent. */
  formSession: { startedAt: number; formToken: () => Promise<string> };
  turnstileToken: string | null;
  /** Turnstile is configured: no submission without its token. */
  turnstileRequired: boolean;
  today: IsoDate;
  devMode: boolean;
  /** The browser draft to forget after success; the public form's when omitted. */
  draftKey?: string;
  /** A personal link's token, sent with the submission. */
  link?: SubmissionLinkFields;
  /** See RunSubmissionDeps.boardFailurePrefix. */
  boardFailurePrefix?: string;
}

/**
 * The submission's state machine (spec 001 §4): idle → submitting (a second press does nothing)
 * → success (a 1.5 s pause, the draft forgotten, then /submit/success) or failure (the error in
 * the banner, the progress reset, and the failure reported to monitoring).
 */
export function useSubmission(options: SubmissionOptions) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<SubmissionProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  const submit = useCallback(async () => {
    if (busy.current) return;
    if (latest.current.turnstileRequired && !latest.current.turnstileToken) {
      setError(TURNSTILE_PENDING);
      return;
    }
    busy.current = true;
    setSubmitting(true);
    setError(null);
    const { methods, registry, honeypot, formSession, today, devMode, draftKey, link, boardFailurePrefix } =
      latest.current;
    const attachUpload = (key: string, result: UploadResult) => {
      if (!result.fileId) return;
      if (key === ARTWORK_UPLOAD_KEY) {
        if (methods.getValues('artworkFileId') !== result.fileId) {
          methods.setValue('artwork', result.url, { shouldDirty: true });
          methods.setValue('artworkFileId', result.fileId, { shouldDirty: true });
        }
        return;
      }
      const tracks = methods.getValues('tracks');
      const artworkOf = trackIdOfCustomArtworkKey(key);
      if (artworkOf !== undefined) {
        const index = tracks.findIndex((track) => track.id === artworkOf);
        const track = tracks[index];
        if (!track?.useCustomArtwork || track.customArtworkFileId === result.fileId) return;
        methods.setValue(
          `tracks.${index}`,
          withUploadedCustomArtwork(track, { ...result, fileId: result.fileId }),
        );
        return;
      }
      const index = tracks.findIndex((track) => track.id === key);
      const track = tracks[index];
      if (!track || track.fileId === result.fileId) return;
      methods.setValue(`tracks.${index}`, withUploadedAudio(track, result, track.fileName ?? track.title));
    };
    try {
      const formToken = await formSession.formToken();
      await runSubmission({
        registry,
        getValues: () => methods.getValues(),
        attachUpload,
        verification: () => ({
          formToken,
          honeypot: readHoneypot(honeypot),
          ...(latest.current.turnstileToken ? { turnstileToken: latest.current.turnstileToken } : {}),
        }),
        startedAt: formSession.startedAt,
        today,
        skipValidation: devMode,
        createBoardItem,
        processSocialClips,
        onProgress: setProgress,
        delay: wait,
        now: Date.now,
        warn: (message, cause) => console.warn(message, cause),
        ...(link ? { link } : {}),
        ...(boardFailurePrefix ? { boardFailurePrefix } : {}),
      });
      await wait(SUCCESS_PAUSE_MS);
      setProgress(null);
      clearDraft(draftKey);
      busy.current = false;
      navigate('/submit/success');
    } catch (cause) {
      const message = cause instanceof Error && cause.message ? cause.message : SUBMISSION_FAILED;
      setProgress(null);
      setError(message);
      setSubmitting(false);
      busy.current = false;
      void reportError(methods.getValues('uploadSessionId'), {
        message,
        ...(cause instanceof Error && cause.stack ? { stack: cause.stack } : {}),
        // A form the artist can fix is a validation problem; anything else failed the submission.
        stage:
          cause instanceof SubmissionError
            ? cause.stage === 'validation'
              ? 'validation'
              : `submission:${cause.stage}`
            : 'submission',
        metadata: {
          uploadType: methods.getValues('uploadType'),
          trackCount: methods.getValues('tracks').length,
        },
      });
    }
  }, [navigate]);

  /** Read at the moment of asking (the leave warning), not from the last render. */
  const isSubmitting = useCallback(() => busy.current, []);
  return { submit, submitting, isSubmitting, progress, error, clearError: () => setError(null) };
}
