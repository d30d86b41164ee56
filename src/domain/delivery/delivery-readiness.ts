import { listTrackCredits } from '../contributors/track-credits';
import { normaliseIsrc } from '../release/release-details';
import type { FlaggableField } from '../review/flagged-fields';
import type {
  CopyrightLine,
  DdexParentalWarning,
  DdexReleaseType,
  DeliveryImageFile,
  DeliveryRelease,
  DeliveryTrack,
  DisplayArtist,
} from './delivery-release';
import { getAudioResourceName, getCoverResourceName } from './delivery-release';
import { normaliseIcpn } from './identifiers';

/**
 * Whether an approved release has what a store needs, item by item, each with a way to fix it;
 * and, once it has everything, the release as the DDEX message and the package describe it. The
 * server gathers the facts (rows, file hashes, the cover, the schedule's signature); staff see
 * the checks as the delivery checklist; the ERN route answers 409 with the missing items' words.
 */

/** The cover made for stores from the artwork (services/delivery), or why there is none. */
export type DeliveryCoverFacts =
  | { state: 'ready'; file: DeliveryImageFile }
  | { state: 'preparing' }
  | { state: 'missing' }
  | { state: 'refused'; reason: string };

/** The state of the release schedule's signature (the artist agreement's schedule of this release). */
export type DeliveryScheduleFacts =
  | 'signed'
  | 'awaiting_signature'
  | 'declined'
  | 'expired'
  | 'superseded'
  | 'preparing'
  | 'none';

export interface DeliveryTrackFacts {
  trackId: string;
  /** The stored order (0- or 1-based: only the order counts). */
  position: number;
  title: string;
  isrc: string | null;
  /** Another release of this label already carries this ISRC (its title), or null. */
  isrcClash: string | null;
  soloWork: boolean;
  hasLyrics: boolean;
  productionYear: string | null;
  parentalAdvisory: string | null;
  contributors: {
    firstName: string;
    surname: string;
    roles: string[];
    isFeatured: boolean;
    isPrimaryArtist: boolean;
  }[];
  audio: {
    fileName: string;
    /** 'wav', 'mp3', ...: stores take WAV masters. */
    format: string | null;
    bytes: number;
    sha256: string | null;
    sampleRate: number | null;
    bitDepth: number | null;
    channels: number | null;
    durationSeconds: number | null;
  } | null;
}

export interface DeliveryFacts {
  submissionId: string;
  /** Whether the submission is approved (or past approval: processing, live). */
  approved: boolean;
  releaseTitle: string;
  releaseType: string;
  releaseDate: string | null;
  primaryGenre: string;
  subGenre: string;
  artistName: string;
  labelName: string;
  icpn: string | null;
  /** Another release of this label already carries this ICPN (its title), or null. */
  icpnClash: string | null;
  /** What staff set; null parts take the defaults (production year, release date's year, the label). */
  pLine: { year: number | null; owner: string | null };
  cLine: { year: number | null; owner: string | null };
  cover: DeliveryCoverFacts;
  schedule: DeliveryScheduleFacts;
  /** The label's DDEX Party ID is configured (or the demo identity stands in). */
  senderConfigured: boolean;
  tracks: DeliveryTrackFacts[];
}

/** How staff fix a missing item from the checklist. */
export type DeliveryFix =
  | { kind: 'assign' }
  | { kind: 'edit'; field: 'icpn' | 'isrc' | 'pLine' | 'cLine' }
  | { kind: 'request'; field: FlaggableField }
  | { kind: 'wait' }
  | { kind: 'configure'; variable: string };

export interface DeliveryCheck {
  /** `icpn`, `cover`, `track.isrc`, ...: stable, for the interface's keys. */
  key: string;
  /** The item in words: "UPC (ICPN)", "Track 2 “Blue”: ISRC". */
  label: string;
  ok: boolean;
  /** What is wrong, in plain words (only when not ok). */
  problem?: string;
  fix?: DeliveryFix;
  trackId?: string;
}

export interface DeliveryAssessment {
  checks: DeliveryCheck[];
  /** Each missing item in plain words: the 409's `missing`. */
  missing: string[];
  /** The release, once nothing is missing. */
  release: DeliveryRelease | null;
}

export const DELIVERY_MESSAGES = {
  notFound: 'Submission not found',
  notDeliverable: 'This release is not ready for delivery yet.',
} as const;

const RELEASE_TYPES: Record<string, DdexReleaseType> = { single: 'Single', ep: 'EP', lp: 'Album' };

const PARENTAL_WARNINGS: Record<string, DdexParentalWarning> = {
  yes: 'Explicit',
  no: 'NotExplicit',
  cleaned: 'ExplicitContentEdited',
};

/** DDEX's release type for the form's (single, ep, lp); null for anything else. */
export function getDdexReleaseType(releaseType: string): DdexReleaseType | null {
  return RELEASE_TYPES[releaseType] ?? null;
}

/** DDEX's parental warning for the explicit flag (yes, no, cleaned); null for anything else. */
export function getDdexParentalWarning(parentalAdvisory: string | null): DdexParentalWarning | null {
  return parentalAdvisory ? (PARENTAL_WARNINGS[parentalAdvisory] ?? null) : null;
}

function trackLabel(track: DeliveryTrackFacts, number: number): string {
  return `Track ${number} “${track.title.trim() || 'Untitled'}”`;
}

function personName(person: { firstName: string; surname: string }): string {
  return [person.firstName, person.surname]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** The track's display artists: the submitting artist, contributors marked primary artist, then featured ones. */
export function listTrackDisplayArtists(
  artistName: string,
  contributors: DeliveryTrackFacts['contributors'],
): DisplayArtist[] {
  const artists: DisplayArtist[] = [];
  const seen = new Set<string>();
  const add = (name: string, role: DisplayArtist['role']) => {
    const key = name.trim().toLowerCase();
    if (key === '' || seen.has(key)) return;
    seen.add(key);
    artists.push({ name: name.trim(), role });
  };
  add(artistName, 'MainArtist');
  for (const c of contributors) if (c.isPrimaryArtist) add(personName(c), 'MainArtist');
  for (const c of contributors) if (c.isFeatured && !c.isPrimaryArtist) add(personName(c), 'FeaturedArtist');
  return artists;
}

function yearOf(isoDate: string | null): number | null {
  const match = isoDate ? /^(\d{4})-\d{2}-\d{2}$/.exec(isoDate) : null;
  return match ? Number(match[1]) : null;
}

function parseYear(value: string | null): number | null {
  const year = value ? Number(value.trim()) : Number.NaN;
  return Number.isInteger(year) && year >= 1900 && year <= 9999 ? year : null;
}

/**
 * The P-line of a track: staff's year and owner where set, else the track's production year and
 * the label. The release's P-line takes the earliest year of its tracks.
 */
function resolveLine(
  set: { year: number | null; owner: string | null },
  defaultYear: number | null,
  labelName: string,
): { year: number | null; owner: string } {
  return { year: set.year ?? defaultYear, owner: set.owner?.trim() || labelName.trim() };
}

function formatCheckList(checks: DeliveryCheck[]): string[] {
  return checks
    .filter((check) => !check.ok)
    .map((check) => (check.problem ? `${check.label}: ${check.problem}` : check.label));
}

export function assessDelivery(facts: DeliveryFacts): DeliveryAssessment {
  const checks: DeliveryCheck[] = [];
  /** One item of the checklist: ok when there is no problem; a problem comes with its fix. */
  const check = (key: string, label: string, problem: string | null, fix: DeliveryFix, trackId?: string) => {
    checks.push({
      key,
      label,
      ok: problem === null,
      ...(problem === null ? {} : { problem, fix }),
      ...(trackId ? { trackId } : {}),
    });
  };

  check('approved', 'Approved', facts.approved ? null : 'only an approved release can be delivered', {
    kind: 'wait',
  });
  check(
    'sender',
    "Label's DDEX Party ID",
    facts.senderConfigured ? null : 'set DDEX_PARTY_ID to the label’s DPID',
    { kind: 'configure', variable: 'DDEX_PARTY_ID' },
  );

  const icpn = facts.icpn ? normaliseIcpn(facts.icpn) : null;
  check(
    'icpn',
    'UPC (ICPN)',
    !facts.icpn
      ? 'not assigned yet'
      : !icpn
        ? `${facts.icpn} is not a valid UPC or EAN-13`
        : facts.icpnClash
          ? `${icpn} is already used by “${facts.icpnClash}”`
          : null,
    facts.icpn ? { kind: 'edit', field: 'icpn' } : { kind: 'assign' },
  );

  const title = facts.releaseTitle.trim();
  check('title', 'Release title', title ? null : 'missing', { kind: 'wait' });
  const artistName = facts.artistName.trim();
  check('displayArtist', 'Display artist', artistName ? null : 'the artist has no name', { kind: 'wait' });
  const releaseType = getDdexReleaseType(facts.releaseType);
  check(
    'releaseType',
    'Release type',
    releaseType ? null : `“${facts.releaseType}” is not a single, EP or album`,
    { kind: 'wait' },
  );
  check('genre', 'Genre', facts.primaryGenre.trim() ? null : 'missing', { kind: 'wait' });
  check('labelName', 'Label name', facts.labelName.trim() ? null : 'set LABEL_NAME', {
    kind: 'configure',
    variable: 'LABEL_NAME',
  });
  const releaseYear = yearOf(facts.releaseDate);
  check('releaseDate', 'Release date', releaseYear !== null ? null : 'missing', {
    kind: 'request',
    field: 'releaseDate',
  });

  const cover = facts.cover;
  check(
    'cover',
    'Front cover (3000 × 3000 JPEG)',
    cover.state === 'ready'
      ? null
      : cover.state === 'preparing'
        ? 'being made from the artwork'
        : cover.state === 'missing'
          ? 'the release has no artwork'
          : cover.reason,
    cover.state === 'preparing' ? { kind: 'wait' } : { kind: 'request', field: 'artwork' },
  );

  const scheduleProblem: Record<Exclude<DeliveryScheduleFacts, 'signed'>, string> = {
    awaiting_signature: 'waiting for the artist’s signature',
    declined: 'the artist declined to sign it',
    expired: 'the signing request expired',
    superseded: 'the release changed; the new schedule is being prepared',
    preparing: 'being prepared',
    none: 'not prepared yet',
  };
  check(
    'schedule',
    'Signed release schedule',
    facts.schedule === 'signed' ? null : scheduleProblem[facts.schedule],
    { kind: 'wait' },
  );

  const tracks = [...facts.tracks].sort((a, b) => a.position - b.position);
  if (tracks.length === 0) check('tracks', 'Tracks', 'the release has no tracks', { kind: 'wait' });
  const isrcsSeen = new Map<string, number>();
  const trackYears: number[] = [];
  const deliveryTracks: (DeliveryTrack | null)[] = tracks.map((track, index) => {
    const number = index + 1;
    const label = trackLabel(track, number);
    const start = checks.length;
    const trackCheck = (key: string, what: string, problem: string | null, fix: DeliveryFix) =>
      check(`track.${key}`, `${label}: ${what}`, problem, fix, track.trackId);

    const isrc = track.isrc ? normaliseIsrc(track.isrc) : null;
    const duplicateOf = isrc ? isrcsSeen.get(isrc) : undefined;
    if (isrc) isrcsSeen.set(isrc, number);
    trackCheck(
      'isrc',
      'ISRC',
      !track.isrc
        ? 'not assigned yet'
        : !isrc
          ? `${track.isrc} is not a valid ISRC`
          : duplicateOf !== undefined
            ? `${isrc} is also the ISRC of track ${duplicateOf}`
            : track.isrcClash
              ? `${isrc} is already used by “${track.isrcClash}”`
              : null,
      !track.isrc ? { kind: 'assign' } : { kind: 'edit', field: 'isrc' },
    );
    trackCheck('title', 'title', track.title.trim() ? null : 'missing', {
      kind: 'request',
      field: 'trackTitle',
    });
    const audio = track.audio;
    trackCheck(
      'audio',
      'audio',
      !audio
        ? 'no audio file'
        : audio.format !== null && audio.format !== 'wav'
          ? `stores need a WAV master, this is ${audio.format.toUpperCase()}`
          : !audio.sha256 ||
              audio.durationSeconds === null ||
              !audio.sampleRate ||
              !audio.bitDepth ||
              !audio.channels
            ? 'the audio file has not been checked yet'
            : audio.durationSeconds <= 0
              ? 'the audio file is empty'
              : null,
      !audio || (audio.format !== null && audio.format !== 'wav')
        ? { kind: 'request', field: 'trackAudio' }
        : { kind: 'wait' },
    );
    const year = parseYear(track.productionYear);
    if (year !== null) trackYears.push(year);
    const pLine = resolveLine(facts.pLine, year, facts.labelName);
    trackCheck('pLine', 'P-line year', pLine.year === null ? 'no production year' : null, {
      kind: 'edit',
      field: 'pLine',
    });
    const warning = getDdexParentalWarning(track.parentalAdvisory);
    trackCheck('parentalAdvisory', 'explicit flag', warning ? null : 'not set', {
      kind: 'request',
      field: 'trackContributors',
    });
    const credits = listTrackCredits(
      {
        soloWork: track.soloWork,
        hasLyrics: track.hasLyrics,
        contributors: track.contributors.map((c) => ({ name: personName(c), roles: c.roles })),
      },
      artistName,
    );
    const trackOk = checks.slice(start).every((c) => c.ok);
    if (!trackOk || !isrc || !audio?.sha256 || !warning || pLine.year === null) return null;
    return {
      position: number,
      isrc,
      title: track.title.trim(),
      displayArtists: listTrackDisplayArtists(artistName, track.contributors),
      contributors: credits,
      durationSeconds: audio.durationSeconds ?? 0,
      parentalWarning: warning,
      pLine: { year: pLine.year, owner: pLine.owner },
      genre: facts.primaryGenre.trim(),
      subGenre: facts.subGenre.trim(),
      audio: {
        fileName: icpn ? getAudioResourceName(icpn, number) : audio.fileName,
        bytes: audio.bytes,
        sha256: audio.sha256,
        sampleRate: audio.sampleRate ?? 0,
        bitDepth: audio.bitDepth ?? 0,
        channels: audio.channels ?? 0,
      },
    };
  });

  const releasePLine = resolveLine(
    facts.pLine,
    trackYears.length > 0 ? Math.min(...trackYears) : null,
    facts.labelName,
  );
  const cLine = resolveLine(facts.cLine, releaseYear, facts.labelName);
  check('pLine', 'P-line', releasePLine.year !== null ? null : 'no year', { kind: 'edit', field: 'pLine' });
  check('cLine', 'C-line', cLine.year !== null ? null : 'no year', { kind: 'edit', field: 'cLine' });

  const missing = formatCheckList(checks);
  if (
    missing.length > 0 ||
    !icpn ||
    !releaseType ||
    cover.state !== 'ready' ||
    !facts.releaseDate ||
    releasePLine.year === null ||
    cLine.year === null ||
    deliveryTracks.some((t) => t === null)
  )
    return { checks, missing, release: null };
  const lines = (line: { year: number | null; owner: string }): CopyrightLine => ({
    year: line.year ?? 0,
    owner: line.owner,
  });
  return {
    checks,
    missing,
    release: {
      submissionId: facts.submissionId,
      icpn,
      title,
      releaseType,
      displayArtists: listTrackDisplayArtists(artistName, []),
      labelName: facts.labelName.trim(),
      genre: facts.primaryGenre.trim(),
      subGenre: facts.subGenre.trim(),
      releaseDate: facts.releaseDate,
      pLine: lines(releasePLine),
      cLine: lines(cLine),
      cover: { ...cover.file, fileName: getCoverResourceName(icpn) },
      tracks: deliveryTracks.filter((t): t is DeliveryTrack => t !== null),
    },
  };
}

/** Formats a P-line or C-line as stores print it: "(P) 2026 Imprint Records". */
export function formatCopyrightLine(kind: 'P' | 'C', line: CopyrightLine): string {
  return `(${kind}) ${line.year} ${line.owner}`;
}
