import {
  CLIP_TIME_PATTERN,
  checkReleaseDetailsForReview,
  type FieldError,
  formatClipTimeInvalid,
  type IsoDate,
  normaliseIsrc,
  type ReleaseDetailsSave,
  type TrackDraft,
  type TrackMetadata,
} from '../../../../domain';
import type { ReleaseDetails } from '../../../api/release-details';
import type { SubmitFormValues } from '../../../forms/form-values';

/**
 * A track of the release-details form. It is a `TrackDraft` (id, title, metadata), so the
 * submission form's per-track editor (`TrackDetailsForm`, bound to `tracks.N.metadata`) edits it
 * unchanged; the ISRC sits beside the metadata.
 */
export type ReleaseDetailsTrackDraft = TrackDraft & { metadata: TrackMetadata; isrc: string };

/** Does not compile when the state stops being readable as the submission form's where the shared editor looks. */
type FitsSubmitForm<T extends Pick<SubmitFormValues, 'tracks' | 'artworkFileId'>> = T;

/** The react-hook-form state of the page; `artworkFileId` names a newly uploaded final artwork. */
export type ReleaseDetailsFormValues = FitsSubmitForm<{
  tracks: ReleaseDetailsTrackDraft[];
  artworkFileId?: string | undefined;
}>;

export function toFormValues(details: ReleaseDetails): ReleaseDetailsFormValues {
  const tracks = [...details.tracks].sort((a, b) => a.position - b.position);
  return {
    tracks: tracks.map((track) => ({
      id: track.trackId,
      title: track.title,
      isrc: track.isrc,
      metadata: {
        ...track.metadata,
        // Each clip's description input registers its field; one missing from the answer would be
        // added then (as undefined), and the form would count that as a change right after a save.
        socialClips: track.metadata.socialClips.map((clip) => ({
          ...clip,
          description: clip.description ?? '',
        })),
      },
    })),
    artworkFileId: undefined,
  };
}

/** What PUT and POST …/submit carry: each track's ISRC in its written form when it is one. */
export function toSaveBody(values: ReleaseDetailsFormValues): ReleaseDetailsSave {
  return {
    tracks: values.tracks.map((track) => {
      const typed = track.isrc.trim();
      return { trackId: track.id, isrc: normaliseIsrc(typed) ?? typed, metadata: track.metadata };
    }),
    ...(values.artworkFileId ? { artworkFileId: values.artworkFileId } : {}),
  };
}

/** An ISRC input is fine empty (it is optional) or well-formed in any spacing and case. */
export function isIsrcAcceptable(value: string): boolean {
  const typed = value.trim();
  return typed === '' || normaliseIsrc(typed) !== null;
}

export interface ReviewCheck {
  /** Block the submission for review; shown on their fields and in the summary. */
  errors: FieldError[];
  /** Shown, never blocking: master splits that do not add up to 100%. */
  warnings: FieldError[];
}

/** Everything checked before the details go to the label: the same domain check the server runs. */
export function checkForReview(values: ReleaseDetailsFormValues, today: IsoDate): ReviewCheck {
  return checkReleaseDetailsForReview(values.tracks, today);
}

/**
 * What a draft cannot hold: the API stores clip times only as mm:ss, so a half-typed time is
 * pointed out instead of being refused by the server with a generic message.
 */
export function checkDraft(values: ReleaseDetailsFormValues): FieldError[] {
  return values.tracks.flatMap((track, index) => {
    if (!track.metadata.socialClipsEnabled) return [];
    return track.metadata.socialClips.flatMap((clip, clipIndex) => {
      const at = `tracks.${index}.metadata.socialClips.${clipIndex}`;
      const errors: FieldError[] = [];
      if (!CLIP_TIME_PATTERN.test(clip.startTime))
        errors.push({ field: `${at}.startTime`, message: formatClipTimeInvalid(clipIndex + 1, 'start') });
      if (!CLIP_TIME_PATTERN.test(clip.endTime))
        errors.push({ field: `${at}.endTime`, message: formatClipTimeInvalid(clipIndex + 1, 'end') });
      return errors;
    });
  });
}

const TIME = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** 'Draft saved at 3:04 PM' today, 'Draft saved on Jan 5, 2027 at 3:04 PM' another day. */
export function formatDraftSaved(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'Draft saved';
  if (sameDay(at, now)) return `Draft saved at ${TIME.format(at)}`;
  return `Draft saved on ${DATE.format(at)} at ${TIME.format(at)}`;
}

/** 'Submitted on Jan 5, 2027, 3:04 PM'. */
export function formatSubmittedOn(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? 'Submitted' : `Submitted on ${DATE_TIME.format(at)}`;
}

/** The line under the title that says where the details stand. */
export function describeStatus(
  details: Pick<ReleaseDetails, 'status' | 'updatedAt' | 'submittedAt'>,
): string {
  if (details.status === 'submitted')
    return details.submittedAt ? formatSubmittedOn(details.submittedAt) : 'Submitted';
  if (details.status === 'draft' && details.updatedAt) return formatDraftSaved(details.updatedAt);
  return 'Not started: nothing has been saved yet';
}
