import { listTrackCredits } from '../contributors/track-credits';
import { formatDisplayDate, getReleaseTypeLabel } from '../display/display-rules';

/**
 * The schedule to the artist agreement of one approved release: what was approved,
 * frozen when staff approve it, signed by the artist in the built-in signing flow, and what the
 * verify page compares a dropped file with. Pure: the server gives it the stored rows and the
 * files' SHA-256, and renders its text for the signing page and the sealed PDF from here.
 */

/** A file of the schedule: the upload it was, its name, and the SHA-256 of its bytes (hex). */
export interface ScheduleFile {
  uploadId: string;
  fileName: string;
  sha256: string;
}

export interface ScheduleContributor {
  name: string;
  roles: string[];
}

export interface ScheduleSplit {
  name: string;
  percentage: number;
}

export interface ScheduleTrack {
  position: number;
  title: string;
  isrc: string | null;
  contributors: ScheduleContributor[];
  splits: ScheduleSplit[];
  audio: ScheduleFile | null;
  /** The track's own cover (spec 001 §3 useCustomArtwork); absent when it uses the release's. */
  artwork?: ScheduleFile;
}

export interface ReleaseScheduleContent {
  releaseTitle: string;
  releaseType: string;
  releaseDate: string | null;
  artwork: ScheduleFile | null;
  tracks: ScheduleTrack[];
}

/** What a schedule is made from: the submission's stored rows, as the server reads them. */
export interface ReleaseScheduleSource {
  /** The artist's name as submitted: the credited artist of a solo track. */
  artistName: string;
  releaseTitle: string;
  releaseType: string;
  releaseDate: string | null;
  artworkUploadId: string | null;
  tracks: {
    position: number;
    title: string;
    isrc: string | null;
    audioUploadId: string | null;
    /** The track's own cover, or null for the release's. */
    artworkUploadId: string | null;
    soloWork: boolean;
    hasLyrics: boolean;
    contributors: { clientId: string; firstName: string; surname: string; roles: string[] }[];
    splits: {
      contributorClientId: string | null;
      firstName: string | null;
      lastName: string | null;
      percentage: number;
    }[];
  }[];
}

/** A file's name and SHA-256, by upload id. */
export type ScheduleFileFacts = ReadonlyMap<string, { fileName: string; sha256: string }>;

export const RELEASE_SCHEDULE_MESSAGES = {
  notFound: 'Release schedule not found',
  superseded:
    'This release schedule was replaced by a newer one after the release changed. Sign the newest schedule instead.',
  alreadySigned: 'This release schedule has already been signed.',
  noFileChosen: 'Drop or choose the file you want to check.',
  noMatch: 'No match: this file is not one of the files approved in this schedule.',
} as const;

function fullName(first: string | null, last: string | null): string {
  return [first, last]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** The upload ids a schedule of this source hashes: each track's audio and own cover, then the artwork. */
export function listScheduleUploadIds(source: ReleaseScheduleSource): string[] {
  const ids = source.tracks
    .flatMap((track) => [track.audioUploadId, track.artworkUploadId])
    .filter((id): id is string => id !== null);
  if (source.artworkUploadId) ids.push(source.artworkUploadId);
  return [...new Set(ids)];
}

/**
 * The schedule's content: tracks in order, each contributor with their roles, each split named
 * (a contributor's split by that contributor's name, a named person's by theirs) and the files
 * with their hashes. A file whose facts are missing is an error: a schedule never lists a file
 * without its hash.
 */
export function buildReleaseScheduleContent(
  source: ReleaseScheduleSource,
  files: ScheduleFileFacts,
): ReleaseScheduleContent {
  const fileOf = (uploadId: string | null): ScheduleFile | null => {
    if (!uploadId) return null;
    const facts = files.get(uploadId);
    if (!facts) throw new Error(`No SHA-256 for file ${uploadId}`);
    return { uploadId, fileName: facts.fileName, sha256: facts.sha256 };
  };
  return {
    releaseTitle: source.releaseTitle.trim(),
    releaseType: source.releaseType,
    releaseDate: source.releaseDate,
    artwork: fileOf(source.artworkUploadId),
    tracks: [...source.tracks]
      .sort((a, b) => a.position - b.position)
      .map((track, index) => {
        const names = new Map(
          track.contributors.map((c) => [c.clientId, fullName(c.firstName, c.surname)] as const),
        );
        return {
          position: index + 1,
          title: track.title.trim(),
          isrc: track.isrc?.trim() || null,
          contributors: listTrackCredits(
            {
              soloWork: track.soloWork,
              hasLyrics: track.hasLyrics,
              contributors: track.contributors.map((c) => ({
                name: fullName(c.firstName, c.surname),
                roles: c.roles,
              })),
            },
            source.artistName,
          ),
          splits: track.splits.map((split) => ({
            name:
              (split.contributorClientId ? names.get(split.contributorClientId) : undefined) ??
              (fullName(split.firstName, split.lastName) || 'Unnamed'),
            percentage: split.percentage,
          })),
          audio: fileOf(track.audioUploadId),
          // Only where the track has its own: a schedule made before tracks could have one reads the same.
          ...(track.artworkUploadId ? { artwork: fileOf(track.artworkUploadId) as ScheduleFile } : {}),
        };
      }),
  };
}

/**
 * What a schedule stands on, without reading any file: the content with each file's hash left out
 * (its upload id stays, and files never change under their id). A change writer compares this
 * with the current schedule's in its own transaction; different means the schedule is stale.
 */
export function describeScheduleSource(source: ReleaseScheduleSource): string {
  const content = buildReleaseScheduleContent(
    source,
    new Map(listScheduleUploadIds(source).map((id) => [id, { fileName: '', sha256: '' }])),
  );
  return JSON.stringify(content);
}

function formatPercentage(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

export function releaseScheduleTitle(content: Pick<ReleaseScheduleContent, 'releaseTitle'>): string {
  return `Release schedule: ${content.releaseTitle}`;
}

/**
 * The schedule as the artist reads and signs it, in the agreement's text format (`# ` headings,
 * blank lines between paragraphs: `splitAgreementBlocks`), so the signing page and the sealed PDF
 * show it as they show the agreement. Each hash stands alone after its label, so it is printed
 * whole on a line of the PDF.
 */
export function renderReleaseSchedule(
  content: ReleaseScheduleContent,
  context: { version: number; artistName: string; labelName: string; agreementVersion: number },
): string {
  const blocks: string[] = [
    `# ${releaseScheduleTitle(content)}`,
    `This schedule (version ${context.version}) forms part of the artist agreement (version ${context.agreementVersion}) between ${context.artistName} and ${context.labelName}. It records the release as ${context.labelName} approved it, and the SHA-256 fingerprint of each approved file: a file is the approved one only if its fingerprint is the one listed here.`,
    '# Release',
    `Title: ${content.releaseTitle}`,
    `Type: ${getReleaseTypeLabel(content.releaseType)}`,
    `Release date: ${formatDisplayDate(content.releaseDate)}`,
  ];
  if (content.artwork)
    blocks.push(`Artwork file: ${content.artwork.fileName}`, `Artwork SHA-256: ${content.artwork.sha256}`);
  for (const track of content.tracks) {
    blocks.push(`# Track ${track.position}: ${track.title}`, `ISRC: ${track.isrc ?? 'Not assigned yet'}`);
    blocks.push(
      track.contributors.length === 0
        ? 'Contributors: none listed'
        : `Contributors: ${track.contributors
            .map((c) => (c.roles.length > 0 ? `${c.name} (${c.roles.join(', ')})` : c.name))
            .join('; ')}`,
    );
    blocks.push(
      track.splits.length === 0
        ? 'Master splits: none listed'
        : `Master splits: ${track.splits.map((s) => `${s.name} ${formatPercentage(s.percentage)}`).join('; ')}`,
    );
    if (track.audio)
      blocks.push(`Audio file: ${track.audio.fileName}`, `Audio SHA-256: ${track.audio.sha256}`);
    else blocks.push('Audio file: none');
    if (track.artwork)
      blocks.push(
        `Track artwork file: ${track.artwork.fileName}`,
        `Track artwork SHA-256: ${track.artwork.sha256}`,
      );
  }
  return blocks.join('\n\n');
}

/** A file of the schedule that a hash names. */
export type ScheduleFileMatch =
  | { kind: 'audio'; trackTitle: string; fileName: string }
  | { kind: 'track-artwork'; trackTitle: string; fileName: string }
  | { kind: 'artwork'; fileName: string };

/** Which approved file has this SHA-256, if any (the verify page's drop check). */
export function findScheduleFile(content: ReleaseScheduleContent, sha256: string): ScheduleFileMatch | null {
  const wanted = sha256.trim().toLowerCase();
  for (const track of content.tracks) {
    if (track.audio?.sha256 === wanted)
      return { kind: 'audio', trackTitle: track.title, fileName: track.audio.fileName };
    if (track.artwork?.sha256 === wanted)
      return { kind: 'track-artwork', trackTitle: track.title, fileName: track.artwork.fileName };
  }
  if (content.artwork?.sha256 === wanted) return { kind: 'artwork', fileName: content.artwork.fileName };
  return null;
}

/** The verify page's answer for a dropped file, in the issue's words. */
export function describeScheduleMatch(match: ScheduleFileMatch | null): string {
  if (!match) return RELEASE_SCHEDULE_MESSAGES.noMatch;
  if (match.kind === 'audio') return `Match: this is the approved ${match.trackTitle} audio.`;
  if (match.kind === 'track-artwork') return `Match: this is the approved artwork of ${match.trackTitle}.`;
  return 'Match: this is the approved artwork.';
}

/**
 * The statuses of a release staff have approved (and what follows approval): a schedule is
 * prepared, and a stale one replaced, only while the submission is in one of them.
 */
export const SCHEDULED_RELEASE_STATUSES: readonly string[] = ['approved', 'processing', 'live', 'active'];

/** A schedule's state in words, for its artist or for staff. */
export function describeScheduleState(
  state: 'awaiting_signature' | 'signed' | 'declined' | 'expired' | 'superseded',
  reader: 'artist' | 'staff',
): string {
  const artist = reader === 'artist';
  switch (state) {
    case 'awaiting_signature':
      return artist ? 'Awaiting your signature' : "Awaiting the artist's signature";
    case 'signed':
      return 'Signed';
    case 'declined':
      return artist ? 'You declined to sign it' : 'Declined by the artist';
    case 'expired':
      return artist ? 'The signing request expired' : 'Signing request expired';
    case 'superseded':
      return 'Superseded: the release changed after approval';
  }
}
