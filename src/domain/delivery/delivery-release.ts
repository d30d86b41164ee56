/**
 * A release as it leaves Imprint for a store or distributor: everything a DDEX ERN message and its
 * package say about it, with identifiers assigned, credits resolved and files hashed. Pure data: the
 * server assembles it from the stored rows (services/delivery), the ERN builder writes it as XML,
 * the staff console shows it as a readable preview.
 */

/** DDEX's release types for the three the form offers (spec 001 §3: single, EP, LP). */
export type DdexReleaseType = 'Single' | 'EP' | 'Album';

/** The explicit flag (spec 001 §3 parentalAdvisory: yes, no, cleaned) in DDEX's words. */
export type DdexParentalWarning = 'Explicit' | 'NotExplicit' | 'ExplicitContentEdited';

/** A P-line (sound recording) or C-line (artwork and packaging): year and owner. */
export interface CopyrightLine {
  year: number;
  owner: string;
}

/** An artist shown with a track or the release, in order: main artists first, then featured ones. */
export interface DisplayArtist {
  name: string;
  role: 'MainArtist' | 'FeaturedArtist';
}

/** A person credited on a track, with the roles the form offers (domain/reference/contributor-roles) or the solo-work roles. */
export interface DeliveryContributor {
  name: string;
  roles: string[];
}

/** A file of the package: its name inside the package, its size and the SHA-256 of its bytes (hex). */
export interface DeliveryFile {
  fileName: string;
  bytes: number;
  sha256: string;
}

export interface DeliveryAudioFile extends DeliveryFile {
  sampleRate: number;
  bitDepth: number;
  channels: number;
}

export interface DeliveryImageFile extends DeliveryFile {
  width: number;
  height: number;
}

export interface DeliveryTrack {
  /** 1, 2, ...: the order on the release. */
  position: number;
  /** Written form, CC-XXX-YY-NNNNN (ISO 3901); DDEX takes it without hyphens. */
  isrc: string;
  title: string;
  /** The submitting artist, any contributor marked primary artist, then the featured artists. */
  displayArtists: DisplayArtist[];
  contributors: DeliveryContributor[];
  durationSeconds: number;
  parentalWarning: DdexParentalWarning;
  pLine: CopyrightLine;
  genre: string;
  subGenre: string;
  audio: DeliveryAudioFile;
}

export interface DeliveryRelease {
  /** The submission it comes from. */
  submissionId: string;
  /** 13 digits (EAN-13 / UPC with a leading zero), check digit included. */
  icpn: string;
  title: string;
  releaseType: DdexReleaseType;
  /** The release's display artists in order (its main artists). */
  displayArtists: DisplayArtist[];
  labelName: string;
  genre: string;
  subGenre: string;
  /** ISO date the release is available from. */
  releaseDate: string;
  pLine: CopyrightLine;
  cLine: CopyrightLine;
  /** The front cover: a 3000 × 3000 RGB JPEG. */
  cover: DeliveryImageFile;
  tracks: DeliveryTrack[];
}

/** A DDEX party identifier (DPID) and name: the label as sender, the store as recipient. */
export interface DeliveryParty {
  dpid: string;
  name: string;
}

/**
 * Why a message is sent: the first delivery of a release, an update after a metadata change (the
 * whole release again, under a new message id), or a takedown (the deals end on `takedownDate`).
 */
export type DeliveryMessageKind = 'initial' | 'update' | 'takedown';

export interface DeliveryMessageHeader {
  messageId: string;
  /** The same for every message about one release: the thread a recipient follows. */
  threadId: string;
  sender: DeliveryParty;
  recipient: DeliveryParty;
  createdAt: Date;
  /** A test message (MessageControlType TestMessage); live otherwise. */
  test?: boolean;
}

export interface DeliveryMessage {
  kind: DeliveryMessageKind;
  header: DeliveryMessageHeader;
  release: DeliveryRelease;
  /** For a takedown: the day the deals end (ISO date). */
  takedownDate?: string;
}

/**
 * The names of a release's files in its package and message (DDEX's ERN choreography for SFTP and
 * cloud storage: `<ICPN>_<disc>_<track>` for the audio, `<ICPN>` for the front cover).
 */
export function getAudioResourceName(icpn: string, position: number): string {
  return `${icpn}_01_${String(position).padStart(3, '0')}.wav`;
}

export function getCoverResourceName(icpn: string): string {
  return `${icpn}.jpg`;
}
