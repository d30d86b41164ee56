import { z } from 'zod';
import { audioWaveformSchema, submissionFormSchema, UPLOAD_SESSION_LIFETIME_DAYS } from '../../../../domain';
import type { SubmitFormValues } from '../../../forms/form-values';

/**
 * The draft kept in the browser so a reload (or a phone killing the tab) does not lose what the
 * artist typed. Files cannot be stored: the draft keeps the upload results (url, fileId), which
 * is how finished uploads come back; a file still uploading at the reload must be chosen again.
 * A draft that does not parse (an older version, tampering) is dropped, never half applied.
 */
export const DRAFT_STORAGE_KEY = 'imprint.submissionDraft.v1';

/**
 * The key of a draft that belongs to one personal link (an invitation, a returning-artist link):
 * never mixed with the public form's draft or another link's. `scope` must not be the secret token.
 */
export function scopedDraftKey(scope: string): string {
  return `${DRAFT_STORAGE_KEY}.${scope}`;
}

/**
 * A short fingerprint of a personal link's token for its draft key (FNV-1a, 32 bits): synchronous,
 * so the form can read its draft on the first render, and far too short to give the token away.
 */
export function tokenFingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
// As long as the server keeps the draft's uploads: a draft never outlives its files.
const DRAFT_MAX_AGE_MS = UPLOAD_SESSION_LIFETIME_DAYS * 24 * 3600 * 1000;

const draftValuesSchema = submissionFormSchema.extend({
  uploadSessionId: z.string().min(8).max(128),
  artworkFileId: z.string().optional(),
  artworkFileName: z.string().optional(),
  artworkWidth: z.number().optional(),
  artworkHeight: z.number().optional(),
  audioInfo: z
    .record(
      z.string(),
      z.object({
        channels: z.number(),
        sampleRate: z.number(),
        bitsPerSample: z.number(),
        durationSeconds: z.number(),
      }),
    )
    .optional(),
  waveforms: z.record(z.string(), audioWaveformSchema).optional(),
});

const draftSchema = z.object({
  savedAt: z.number(),
  step: z.number().int().min(0).max(3),
  values: draftValuesSchema,
});

export interface Draft {
  step: number;
  values: SubmitFormValues;
}

/** What is worth keeping: no File objects, no in-flight upload flags. */
export function toStoredValues(values: SubmitFormValues): z.input<typeof draftValuesSchema> {
  const { artworkFile: _file, artworkPreview: _preview, ...rest } = values;
  return {
    ...rest,
    tracks: values.tracks.map(
      ({ file: _f, customArtwork: _c, isUploading: _u, uploadProgress: _p, ...track }) => track,
    ),
  };
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function saveDraft(
  values: SubmitFormValues,
  step: number,
  now = Date.now(),
  key = DRAFT_STORAGE_KEY,
): void {
  try {
    storage()?.setItem(key, JSON.stringify({ savedAt: now, step, values: toStoredValues(values) }));
  } catch {
    // Full or blocked storage: the form still works, only the reload safety net is gone.
  }
}

export function loadDraft(now = Date.now(), key = DRAFT_STORAGE_KEY): Draft | null {
  const store = storage();
  const text = store?.getItem(key);
  if (!text) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(text));
    if (parsed.success && now - parsed.data.savedAt <= DRAFT_MAX_AGE_MS) {
      return { step: parsed.data.step, values: parsed.data.values as SubmitFormValues };
    }
  } catch {
    // Not JSON: fall through and drop it.
  }
  store?.removeItem(key);
  return null;
}

export function clearDraft(key = DRAFT_STORAGE_KEY): void {
  storage()?.removeItem(key);
}
