import {
  type BoardItemDetail,
  type BoardItemSummary,
  type BoardTrack,
  canRequestChanges,
  type DeliveryState,
  getResponseDue,
  getStatusChangeChoices,
  getWaitingSince,
  parseStoredWaveform,
  type SignedFile,
  type SubmissionForm,
  type SubmissionStatus,
  type TrackLoudnessView,
} from '../../../domain';
import type { submissions } from '../../db/schema';
import type { PromiseClock } from '../response-promise/promise-settings';
import { fileLinks, type LinkSigner } from '../uploads/present-upload';

/** Long enough to listen to every track of an album while reviewing it, short enough not to travel. */
export const boardLinkLifetimeSeconds = 3600;

/** What submissions.artistDetails holds (create-submission.ts writes it). */
type StoredArtistDetails = Pick<
  SubmissionForm,
  | 'firstName'
  | 'surname'
  | 'email'
  | 'artistName'
  | 'country'
  | 'city'
  | 'spotifyProfile'
  | 'instagramProfile'
  | 'tiktokProfile'
> & { phone?: string };

/** A submission as a list row of the board (and of the staff artist page). */
export interface SubmissionSummaryRow {
  id: string;
  status: SubmissionStatus;
  itemName: string;
  artistName: string | null;
  releaseTitle: string;
  uploadType: string;
  releaseType: string;
  releaseDate: string | null;
  createdAt: Date;
  trackCount: number;
  catalogueItemCount: number;
  /** When it last came back to Pending (the response promise's clock). */
  returnedToPendingAt?: Date | null;
}

/** The response promise as of a day (services/response-promise/promise-settings.ts). */
export type ResponseDueClock = Pick<PromiseClock, 'promiseDays' | 'timeZone' | 'today'>;

/** The promise for a row, when a clock is given (the board; the artist's page goes without). */
function responseDueOf(row: SubmissionSummaryRow, clock: ResponseDueClock | undefined) {
  if (!clock) return {};
  return {
    responseDue: getResponseDue({
      status: row.status,
      waitingSince: getWaitingSince(row.createdAt, row.returnedToPendingAt),
      promiseDays: clock.promiseDays,
      today: clock.today,
      timeZone: clock.timeZone,
    }),
  };
}

/** An upload as the JSON of read-submissions.ts carries it: what a signed file shows. */
export interface UploadJson {
  id: string;
  originalName: string;
  originalSize: number;
  media: Record<string, unknown> | null;
}

export interface SplitJson {
  id: string;
  trackId: string | null;
  catalogueItemId: string | null;
  contributorClientId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  percentage: number;
}

export interface ContributorJson {
  clientId: string;
  kind: 'featured' | 'non_featured' | 'producer';
  firstName: string;
  surname: string;
  email: string | null;
  roles: string[];
  isPrimaryArtist: boolean;
  spotifyUrl: string | null;
}

/** A row of track_loudness as read-submissions.ts reads it (the current file's, or null). */
export interface TrackLoudnessJson {
  status: 'measured' | 'failed';
  reason: string | null;
  sha256: string | null;
  integratedLufs: number | null;
  truePeakDbtp: number | null;
  samplePeakDbfs: number | null;
  clippedSamples: number | null;
  leadingSilenceSeconds: number | null;
  trailingSilenceSeconds: number | null;
  durationSeconds: number | null;
  sampleRate: number | null;
  bitDepth: number | null;
  channels: number | null;
  complete: boolean | null;
  measuredAt: string;
}

/** What read-submissions.ts reads of a submission for staff: the row and its children as JSON. */
export interface BoardItemRow {
  submission: typeof submissions.$inferSelect;
  artwork: UploadJson | null;
  /** In the artist's order, each with its credits and clips in order. */
  tracks: (Omit<
    BoardTrack,
    'audio' | 'customArtwork' | 'contributors' | 'splits' | 'clips' | 'loudness' | 'waveform'
  > & {
    id: string;
    audio: UploadJson | null;
    /** `uploads.audio_waveform` of the audio, once measured. */
    waveform: unknown;
    /** The level check of the current audio file, once the job has run. */
    loudness: TrackLoudnessJson | null;
    customArtwork: UploadJson | null;
    contributors: ContributorJson[];
    clips: (Omit<BoardTrack['clips'][number], 'file'> & { file: UploadJson | null })[];
  })[];
  /** Every split of the submission (of a track or of a catalogue item), in order. */
  splits: SplitJson[];
  catalogueItems: (Omit<BoardItemDetail['catalogueItems'][number], 'splits'> & { id: string })[];
  events: {
    type: string;
    fromStatus: SubmissionStatus | null;
    toStatus: SubmissionStatus | null;
    message: string | null;
    actorName: string | null;
    actorEmail: string | null;
    /** As PostgreSQL writes a timestamptz in JSON. */
    createdAt: string;
  }[];
  releaseDetails: { status: 'draft' | 'submitted'; submittedAt: string | null } | null;
  /** The assigned staff member, or null. */
  assignee: { userId: string; name: string | null; email: string } | null;
  /** Where the release's latest delivery to the stores stands (release_deliveries.state), or null. */
  deliveryState: DeliveryState | null;
}

export function presentSummary(row: SubmissionSummaryRow, clock?: ResponseDueClock): BoardItemSummary {
  return {
    itemId: row.id,
    status: row.status,
    itemName: row.itemName,
    artistName: row.artistName ?? '',
    releaseTitle: row.releaseTitle,
    uploadType: row.uploadType,
    releaseType: row.releaseType,
    releaseDate: row.releaseDate,
    createdAt: row.createdAt.toISOString(),
    trackCount: row.trackCount,
    catalogueItemCount: row.catalogueItemCount,
    ...responseDueOf(row, clock),
  };
}

function signedFile(signer: LinkSigner, row: UploadJson | null, now: number): SignedFile | null {
  if (!row) return null;
  return {
    fileId: row.id,
    fileName: row.originalName,
    ...fileLinks(signer, row.id, boardLinkLifetimeSeconds, now),
    media: row.media ?? null,
    size: row.originalSize,
  };
}

function personName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** A timestamptz from JSON (with its microseconds and offset) as the API writes times. */
const isoTime = (value: string) => new Date(value).toISOString();

/**
 * The level check of a track's current audio: null without audio, `measuring` until
 * the job has stored a result for this very file.
 */
export function presentTrackLoudness(
  hasAudio: boolean,
  row: TrackLoudnessJson | null,
): TrackLoudnessView | null {
  if (!hasAudio) return null;
  if (!row) return { status: 'measuring' };
  if (row.status === 'failed')
    return { status: 'failed', reason: row.reason ?? '', measuredAt: isoTime(row.measuredAt) };
  return {
    status: 'measured',
    measurement: {
      integratedLufs: row.integratedLufs,
      truePeakDbtp: row.truePeakDbtp,
      samplePeakDbfs: row.samplePeakDbfs,
      clippedSamples: row.clippedSamples ?? 0,
      leadingSilenceSeconds: row.leadingSilenceSeconds ?? 0,
      trailingSilenceSeconds: row.trailingSilenceSeconds ?? 0,
      durationSeconds: row.durationSeconds ?? 0,
    },
    sampleRate: row.sampleRate ?? 0,
    bitDepth: row.bitDepth ?? 0,
    channels: row.channels ?? 0,
    complete: row.complete ?? true,
    sha256: row.sha256 ?? '',
    measuredAt: isoTime(row.measuredAt),
  };
}

/** The board's view of one submission, with signed links to its files. */
export function presentBoardItem(
  signer: LinkSigner,
  row: BoardItemRow,
  now: number,
  clock?: ResponseDueClock,
): BoardItemDetail {
  const { submission } = row;
  const contributors = row.tracks.flatMap((track) =>
    track.contributors.map((contributor) => ({ trackId: track.id, contributor })),
  );
  // Splits name a contributor by the form's id; the track's own credits come first, then any other
  // credit of the submission with that id (the form keeps ids unique across tracks).
  const contributorsByClientId = new Map(
    contributors.map(({ contributor }) => [contributor.clientId, contributor]),
  );
  const tracksById = new Map(row.tracks.map((track) => [track.id, track]));
  const splitView = (split: SplitJson, trackId: string | null) => {
    const own = trackId
      ? tracksById.get(trackId)?.contributors.find((c) => c.clientId === split.contributorClientId)
      : undefined;
    const contributor =
      own ?? (split.contributorClientId ? contributorsByClientId.get(split.contributorClientId) : undefined);
    const name = contributor
      ? personName(contributor.firstName, contributor.surname)
      : personName(split.firstName, split.lastName);
    return {
      name: name || 'Unnamed contributor',
      email: contributor ? contributor.email : split.email,
      percentage: split.percentage,
    };
  };

  const tracks: BoardTrack[] = row.tracks.map((track) => ({
    trackId: track.id,
    position: track.position,
    title: track.title,
    audio: signedFile(signer, track.audio, now),
    customArtwork: signedFile(signer, track.customArtwork, now),
    releaseAsSingle: track.releaseAsSingle,
    singleReleaseDate: track.singleReleaseDate,
    singleOrder: track.singleOrder,
    groupedWithFinalSingle: track.groupedWithFinalSingle,
    soloWork: track.soloWork,
    productionYear: track.productionYear,
    parentalAdvisory: track.parentalAdvisory,
    lyrics: track.lyrics,
    isrc: track.isrc,
    contributors: track.contributors.map((c) => ({
      kind: c.kind,
      firstName: c.firstName,
      surname: c.surname,
      email: c.email,
      roles: c.roles,
      isPrimaryArtist: c.isPrimaryArtist,
      spotifyUrl: c.spotifyUrl,
    })),
    splits: row.splits.filter((s) => s.trackId === track.id).map((s) => splitView(s, track.id)),
    clips: track.clips.map((clip) => ({
      startTime: clip.startTime,
      endTime: clip.endTime,
      description: clip.description,
      status: clip.status,
      file: clip.status === 'ready' ? signedFile(signer, clip.file, now) : null,
    })),
    loudness: presentTrackLoudness(track.audio !== null, track.loudness),
    waveform: track.audio ? parseStoredWaveform(track.waveform) : null,
  }));

  const artist = submission.artistDetails as StoredArtistDetails;
  return {
    ...presentSummary(
      {
        ...submission,
        artistName: artist.artistName ?? null,
        trackCount: row.tracks.length,
        catalogueItemCount: row.catalogueItems.length,
      },
      clock,
    ),
    artistId: submission.artistId,
    artist: {
      firstName: artist.firstName ?? '',
      surname: artist.surname ?? '',
      email: artist.email ?? '',
      ...(artist.phone ? { phone: artist.phone } : {}),
      country: artist.country ?? '',
      city: artist.city ?? '',
      spotifyProfile: artist.spotifyProfile ?? '',
      instagramProfile: artist.instagramProfile ?? '',
      tiktokProfile: artist.tiktokProfile ?? '',
    },
    releaseStrategy: submission.releaseStrategy,
    primaryGenre: submission.primaryGenre,
    subGenre: submission.subGenre,
    earlyReleaseRequest: submission.earlyReleaseRequest,
    earlyReleaseReason: submission.earlyReleaseReason,
    distributor: submission.distributor,
    bio: submission.bio,
    influences: submission.influences,
    proNumber: submission.proNumber,
    publishingAdministrationInterest: submission.publishingAdministrationInterest,
    artwork: signedFile(signer, row.artwork, now),
    tracks,
    catalogueItems: row.catalogueItems.map((item) => ({
      catalogueItemId: item.id,
      type: item.type,
      title: item.title,
      artist: item.artist,
      image: item.image,
      spotifyUrl: item.spotifyUrl,
      releaseDate: item.releaseDate,
      details: item.details ?? null,
      splits: row.splits.filter((s) => s.catalogueItemId === item.id).map((s) => splitView(s, null)),
    })),
    events: row.events.map((event) => ({
      type: event.type,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      message: event.message,
      actor: event.actorName?.trim() || event.actorEmail || null,
      createdAt: isoTime(event.createdAt),
    })),
    nextStatuses: getStatusChangeChoices(submission.status),
    canRequestChanges: canRequestChanges(submission.status),
    assignee: row.assignee,
    rating: submission.rating,
    deliveryState: row.deliveryState,
    ...(row.releaseDetails
      ? {
          releaseDetails: {
            status: row.releaseDetails.status,
            submittedAt: row.releaseDetails.submittedAt ? isoTime(row.releaseDetails.submittedAt) : null,
          },
        }
      : {}),
  };
}
