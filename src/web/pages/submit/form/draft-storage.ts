import { UPLOAD_SESSION_LIFETIME_DAYS } from '../../../../domain';
import type { SubmitFormValues } from '../../../forms/form-values';
import type { StoredDraftValues } from './draft-schema';

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

export interface Draft {
  step: number;
  values: SubmitFormValues;
}

/** What is worth keeping: no File objects, no in-flight upload flags. */
export function toStoredValues(values: SubmitFormValues): StoredDraftValues {
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

/**
 * The draft kept under `key`, or null (a draft that does not parse, or is too old, is removed).
 * Its schema (the whole form's, and zod) is loaded with the first draft found, not with the page:
 * most visitors have none, and building it delayed the form's first answer on a phone. Rejects
 * only when that code cannot be fetched, and then keeps the draft.
 */
export async function loadDraft(now = Date.now(), key = DRAFT_STORAGE_KEY): Promise<Draft | null> {
  const store = storage();
  const text = store?.getItem(key);
  if (!text) return null;
  const { draftSchema } = await import('./draft-schema');
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

/** The form as it is when its draft has been read: a moment after it showed, empty. */
export interface FormMeanwhile {
  step: number;
  values: SubmitFormValues;
  /** The values the form started with. */
  initial: SubmitFormValues;
}

/**
 * The draft that resumes a form the artist may already have typed into: the draft is read a
 * moment after the form shows (its schema's code is fetched first), and a phone's keyboard is
 * quicker. What they changed meanwhile is kept over the draft's values, and they stay on the step
 * they are on; an untouched form resumes the draft as it was.
 */
export function resumeDraft(draft: Draft, form: FormMeanwhile | undefined): Draft {
  if (!form) return draft;
  const changed = (Object.keys(form.values) as Array<keyof SubmitFormValues>).filter(
    (key) => JSON.stringify(form.values[key]) !== JSON.stringify(form.initial[key]),
  );
  if (changed.length === 0) return draft;
  return {
    step: form.step,
    values: { ...draft.values, ...Object.fromEntries(changed.map((key) => [key, form.values[key]])) },
  };
}

export function clearDraft(key = DRAFT_STORAGE_KEY): void {
  storage()?.removeItem(key);
}
