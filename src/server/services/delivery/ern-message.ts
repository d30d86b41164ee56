import { create } from 'xmlbuilder2';
import type {
  CopyrightLine,
  DdexParentalWarning,
  DdexReleaseType,
  DeliveryContributor,
  DeliveryFile,
  DeliveryMessage,
  DeliveryParty,
  DeliveryRelease,
  DeliveryTrack,
  DisplayArtist,
} from '../../../domain/delivery/delivery-release';

/**
 * A DDEX ERN 4.1.1 NewReleaseMessage for one release, following release-notification.xsd (4.1.1)
 * and the Audio release profile. Element names, order and cardinalities are the XSD's; the values
 * of the typed elements come from the Allowed Value Sets of avs411.xsd (AVS 4.1.1).
 */

export const ERN_NAMESPACE = 'http://ddex.net/xml/ern/411';
const ERN_SCHEMA_LOCATION = `${ERN_NAMESPACE} http://service.ddex.net/xml/ern/411/release-notification.xsd`;
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/** A contributor role in DDEX's words: an AVS ContributorRole, and for a musician the AVS InstrumentType played. */
export interface DdexContributorRole {
  role: string;
  instrument?: string;
}

/**
 * Our contributor roles (domain/reference/contributor-roles, plus the solo-work roles Performer,
 * Composer, Lyricist and Producer) → AVS 4.1.1 ContributorRole, with AVS InstrumentType for an
 * instrument. A solo track's artist performs on it: AssociatedPerformer, AVS's performer of a
 * resource (the artist is its MainArtist among the display artists besides).
 * AVS 4.1.1 has no plain "Producer": StudioProducer is its producer of a recording. A songwriter
 * writes music and words: ComposerLyricist. A role missing here is written as UserDefined.
 */
export const DDEX_CONTRIBUTOR_ROLES: Readonly<Record<string, DdexContributorRole>> = {
  Performer: { role: 'AssociatedPerformer' },
  Producer: { role: 'StudioProducer' },
  Vocals: { role: 'Vocalist' },
  'Backing Vocals': { role: 'BackgroundVocalist' },
  'Mixing Engineer': { role: 'MixingEngineer' },
  'Mastering Engineer': { role: 'MasteringEngineer' },
  Guitar: { role: 'Musician', instrument: 'Guitar' },
  Bass: { role: 'Musician', instrument: 'BassGuitar' },
  Drums: { role: 'Musician', instrument: 'DrumKit' },
  Keyboards: { role: 'Musician', instrument: 'Keyboard' },
  Piano: { role: 'Musician', instrument: 'AcousticPiano' },
  Saxophone: { role: 'Musician', instrument: 'Saxophone' },
  Trumpet: { role: 'Musician', instrument: 'Trumpet' },
  Violin: { role: 'Musician', instrument: 'Violin' },
  Cello: { role: 'Musician', instrument: 'Cello' },
  Songwriter: { role: 'ComposerLyricist' },
  Composer: { role: 'Composer' },
  Lyricist: { role: 'Lyricist' },
  Arranger: { role: 'Arranger' },
  Programming: { role: 'Programmer' },
  Programmer: { role: 'Programmer' },
  'Sound Designer': { role: 'SoundDesigner' },
};

/**
 * Our release types → AVS 4.1.1 ReleaseType_ERN4. That list has Single and Album but no EP, so an
 * EP is a UserDefined type whose UserDefinedValue says EP (with its Namespace, as DDEX asks of
 * every user-defined value).
 */
export const DDEX_RELEASE_TYPES: Readonly<
  Record<DdexReleaseType, { type: string; userDefinedValue?: string }>
> = {
  Single: { type: 'Single' },
  EP: { type: 'UserDefined', userDefinedValue: 'EP' },
  Album: { type: 'Album' },
};

/**
 * The deals every release and track release gets, worldwide from the release date: streaming
 * (AVS CommercialModelType SubscriptionModel and AdvertisementSupportedModel, UseType
 * OnDemandStream) and download (PayAsYouGoModel, PermanentDownload). ERN 4.1.1 DealTerms carry
 * their models and use types side by side, so each pairing is a Deal of its own.
 */
export const DDEX_DEALS: readonly { commercialModelTypes: readonly string[]; useTypes: readonly string[] }[] =
  [
    {
      commercialModelTypes: ['SubscriptionModel', 'AdvertisementSupportedModel'],
      useTypes: ['OnDemandStream'],
    },
    { commercialModelTypes: ['PayAsYouGoModel'], useTypes: ['PermanentDownload'] },
  ];

/**
 * The release's AVS ParentalWarningType from its tracks' (the track values are already AVS
 * ParentalWarningType values): Explicit when any track is, else ExplicitContentEdited when any
 * track is an edited version, else NotExplicit.
 */
export function releaseParentalWarning(
  tracks: readonly Pick<DeliveryTrack, 'parentalWarning'>[],
): DdexParentalWarning {
  if (tracks.some((track) => track.parentalWarning === 'Explicit')) return 'Explicit';
  if (tracks.some((track) => track.parentalWarning === 'ExplicitContentEdited'))
    return 'ExplicitContentEdited';
  return 'NotExplicit';
}

/** File extensions → AVS AudioCodecType: WAV and AIFF carry uncompressed PCM. */
export const DDEX_AUDIO_CODECS: Readonly<Record<string, string>> = {
  wav: 'PCM',
  aif: 'PCM',
  aiff: 'PCM',
  flac: 'FLAC',
  mp3: 'MP3',
  m4a: 'AAC',
};

/** File extensions → AVS ImageCodecType. */
export const DDEX_IMAGE_CODECS: Readonly<Record<string, string>> = {
  jpg: 'JPEG',
  jpeg: 'JPEG',
  png: 'PNG',
  tif: 'TIFF',
  tiff: 'TIFF',
};

/** The package folder the resource files travel in, beside the message. */
const RESOURCE_FOLDER = 'resources';

/** Seconds as an ISO 8601 duration (PT3M25S, PT1H2M3S), rounded to whole seconds. */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${hours > 0 || minutes > 0 ? `${minutes}M` : ''}${rest}S`;
}

/** An ISRC as DDEX writes it: the twelve characters without the written form's hyphens. */
export function ddexIsrc(isrc: string): string {
  const compact = isrc.replaceAll('-', '').trim().toUpperCase();
  if (!/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(compact)) throw new Error(`ERN message: "${isrc}" is not an ISRC`);
  return compact;
}

type Builder = ReturnType<typeof create>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DPID = /^PADPIDA[a-zA-Z0-9]+$/;

/** The order the message's tracks are in, checked: positions 1..n, each once. */
function orderedTracks(release: DeliveryRelease): DeliveryTrack[] {
  const tracks = [...release.tracks].sort((a, b) => a.position - b.position);
  if (tracks.length === 0) throw new Error('ERN message: a release needs at least one track');
  tracks.forEach((track, index) => {
    if (track.position !== index + 1) {
      throw new Error(`ERN message: track positions must run 1..${tracks.length}, found ${track.position}`);
    }
  });
  return tracks;
}

function checkInput(message: DeliveryMessage, tracks: readonly DeliveryTrack[]): void {
  const { header, release } = message;
  for (const party of [header.sender, header.recipient]) {
    if (!DPID.test(party.dpid)) throw new Error(`ERN message: "${party.dpid}" is not a DDEX party id (DPID)`);
  }
  if (!ISO_DATE.test(release.releaseDate)) {
    throw new Error(`ERN message: the release date "${release.releaseDate}" is not an ISO date`);
  }
  if (message.kind === 'takedown' && !(message.takedownDate && ISO_DATE.test(message.takedownDate))) {
    throw new Error('ERN message: a takedown needs its takedownDate (an ISO date)');
  }
  // The Audio release profile's ICPN: an EAN-13 (or a UPC written with its leading zero).
  if (!/^\d{13}$/.test(release.icpn))
    throw new Error(`ERN message: "${release.icpn}" is not a 13-digit ICPN`);
  if (release.displayArtists.length === 0) throw new Error('ERN message: the release needs a display artist');
  for (const file of [release.cover, ...tracks.map((track) => track.audio)]) {
    if (!/^[0-9a-fA-F]{64}$/.test(file.sha256)) {
      throw new Error(`ERN message: the SHA-256 of ${file.fileName} is not 64 hex digits`);
    }
  }
  for (const track of tracks) {
    if (track.displayArtists.length === 0) {
      throw new Error(`ERN message: track ${track.position} needs a display artist`);
    }
  }
}

/**
 * Every person, artist and label the message names, once each, as PartyList Party anchors
 * (P1, P2, ... in the order the message first names them). Names are matched after Unicode
 * normalisation and trimming, so "Beyoncé" typed composed or decomposed is one party (and a label
 * named exactly like an artist, a self-release, is that artist's party).
 */
class Parties {
  private readonly references = new Map<string, string>();
  readonly names: { reference: string; name: string }[] = [];

  add(name: string): string {
    const key = name.normalize('NFC').trim();
    const known = this.references.get(key);
    if (known) return known;
    const reference = `P${this.names.length + 1}`;
    this.references.set(key, reference);
    this.names.push({ reference, name: key });
    return reference;
  }

  of(name: string): string {
    const reference = this.references.get(name.normalize('NFC').trim());
    if (!reference) throw new Error(`ERN message: no party for "${name}"`);
    return reference;
  }
}

/** In document order: the sound recordings' artists and contributors, then the release's artists and label. */
function collectParties(release: DeliveryRelease, tracks: readonly DeliveryTrack[]): Parties {
  const parties = new Parties();
  for (const track of tracks) {
    for (const artist of track.displayArtists) parties.add(artist.name);
    for (const contributor of track.contributors) parties.add(contributor.name);
  }
  for (const artist of release.displayArtists) parties.add(artist.name);
  parties.add(release.labelName);
  return parties;
}

interface Context {
  parties: Parties;
  /** The Namespace of Imprint's own identifiers and user-defined values: the sender's DPID. */
  namespace: string;
  /** The front cover's ResourceReference: the resource after the sound recordings. */
  coverReference: string;
}

/** Names as a reader lists them: "A", "A & B", "A, B & C". */
function listNames(names: readonly string[]): string {
  const last = names.at(-1) ?? '';
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} & ${last}` : last;
}

/** The display artist name a store shows: the main artists, then "feat." and the featured ones. */
function displayArtistName(artists: readonly DisplayArtist[]): string {
  const named = (role: DisplayArtist['role']) =>
    artists.filter((artist) => artist.role === role).map((artist) => artist.name.trim());
  const main = listNames(named('MainArtist'));
  const featured = listNames(named('FeaturedArtist'));
  if (!featured) return main;
  return main ? `${main} feat. ${featured}` : featured;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function writeMessagingParty(parent: Builder, name: string, party: DeliveryParty): void {
  parent.ele(name).ele('PartyId').txt(party.dpid).up().ele('PartyName').ele('FullName').txt(party.name);
}

function writeHeader(root: Builder, message: DeliveryMessage): void {
  const { header } = message;
  const element = root.ele('MessageHeader');
  element.ele('MessageThreadId').txt(header.threadId);
  element.ele('MessageId').txt(header.messageId);
  writeMessagingParty(element, 'MessageSender', header.sender);
  writeMessagingParty(element, 'MessageRecipient', header.recipient);
  element.ele('MessageCreatedDateTime').txt(header.createdAt.toISOString());
  element.ele('MessageControlType').txt(header.test ? 'TestMessage' : 'LiveMessage');
}

function writePartyList(root: Builder, parties: Parties): void {
  const list = root.ele('PartyList');
  for (const { reference, name } of parties.names) {
    list.ele('Party').ele('PartyReference').txt(reference).up().ele('PartyName').ele('FullName').txt(name);
  }
}

function writeTitles(parent: Builder, title: string): void {
  parent.ele('DisplayTitleText').txt(title);
  parent.ele('DisplayTitle').ele('TitleText').txt(title);
}

/**
 * DisplayArtistName, then each DisplayArtist in the model's order with its AVS DisplayArtistRole
 * (MainArtist or FeaturedArtist), sequenced as the Audio profile asks.
 */
function writeDisplayArtists(parent: Builder, artists: readonly DisplayArtist[], context: Context): void {
  parent.ele('DisplayArtistName').txt(displayArtistName(artists));
  artists.forEach((artist, index) => {
    parent
      .ele('DisplayArtist', { SequenceNumber: String(index + 1) })
      .ele('ArtistPartyReference')
      .txt(context.parties.of(artist.name))
      .up()
      .ele('DisplayArtistRole')
      .txt(artist.role);
  });
}

/**
 * One Contributor per person (the Audio profile lists a contributor once, with all their roles):
 * the AVS roles in the order first given, each once, then the instruments a Musician plays.
 */
function writeContributors(
  parent: Builder,
  contributors: readonly DeliveryContributor[],
  context: Context,
): void {
  const byParty = new Map<
    string,
    { roles: Map<string, DdexContributorRole & { userDefined?: string }>; instruments: Set<string> }
  >();
  for (const contributor of contributors) {
    const reference = context.parties.of(contributor.name);
    let entry = byParty.get(reference);
    if (!entry) {
      entry = { roles: new Map(), instruments: new Set() };
      byParty.set(reference, entry);
    }
    for (const ourRole of contributor.roles) {
      const text = ourRole.trim();
      if (!text) continue;
      const known = DDEX_CONTRIBUTOR_ROLES[text];
      if (known) {
        entry.roles.set(known.role, known);
        if (known.instrument) entry.instruments.add(known.instrument);
      } else {
        entry.roles.set(`UserDefined:${text}`, { role: 'UserDefined', userDefined: text });
      }
    }
  }
  let sequence = 0;
  for (const [reference, { roles, instruments }] of byParty) {
    const element = parent.ele('Contributor', { SequenceNumber: String(++sequence) });
    element.ele('ContributorPartyReference').txt(reference);
    for (const role of roles.values()) {
      // A user-defined value names its Namespace (DDEX: the party that defined the value).
      const attributes = role.userDefined
        ? { Namespace: context.namespace, UserDefinedValue: role.userDefined }
        : {};
      element.ele('Role', attributes).txt(role.role);
    }
    for (const instrument of instruments) element.ele('InstrumentType').txt(instrument);
  }
}

function writePLine(parent: Builder, line: CopyrightLine): void {
  parent
    .ele('PLine')
    .ele('Year')
    .txt(String(line.year))
    .up()
    .ele('PLineCompany')
    .txt(line.owner)
    .up()
    .ele('PLineText')
    .txt(`(P) ${line.year} ${line.owner}`);
}

function writeCLine(parent: Builder, line: CopyrightLine): void {
  parent
    .ele('CLine')
    .ele('Year')
    .txt(String(line.year))
    .up()
    .ele('CLineCompany')
    .txt(line.owner)
    .up()
    .ele('CLineText')
    .txt(`(C) ${line.year} ${line.owner}`);
}

/** The File of a resource: its path inside the package, its SHA-256 and its size. */
function writeFile(parent: Builder, file: DeliveryFile): void {
  const element = parent.ele('File');
  element.ele('URI').txt(`${RESOURCE_FOLDER}/${file.fileName}`);
  element
    .ele('HashSum')
    .ele('Algorithm')
    .txt('SHA-256')
    .up()
    .ele('HashSumValue')
    .txt(file.sha256.toLowerCase());
  element.ele('FileSize').txt(String(file.bytes));
}

function writeSoundRecording(list: Builder, track: DeliveryTrack, index: number, context: Context): void {
  const element = list.ele('SoundRecording');
  element.ele('ResourceReference').txt(`A${index + 1}`);
  element.ele('Type').txt('MusicalWorkSoundRecording');
  element.ele('ResourceId').ele('ISRC').txt(ddexIsrc(track.isrc));
  writeTitles(element, track.title);
  writeDisplayArtists(element, track.displayArtists, context);
  writeContributors(element, track.contributors, context);
  writePLine(element, track.pLine);
  element.ele('Duration').txt(isoDuration(track.durationSeconds));
  element.ele('ParentalWarningType').txt(track.parentalWarning);

  const details = element.ele('TechnicalDetails');
  details.ele('TechnicalResourceDetailsReference').txt(`T${index + 1}`);
  const codec = DDEX_AUDIO_CODECS[extensionOf(track.audio.fileName)];
  if (codec) details.ele('AudioCodecType').txt(codec);
  details.ele('NumberOfChannels').txt(String(track.audio.channels));
  details.ele('SamplingRate', { UnitOfMeasure: 'Hz' }).txt(String(track.audio.sampleRate));
  // BitsPerSample is ERN's bit depth of audio samples; its BitDepth describes the file instead.
  details.ele('BitsPerSample').txt(String(track.audio.bitDepth));
  writeFile(details, track.audio);
}

function writeImage(list: Builder, release: DeliveryRelease, index: number, context: Context): void {
  const { cover } = release;
  const element = list.ele('Image');
  element.ele('ResourceReference').txt(context.coverReference);
  element.ele('Type').txt('FrontCoverImage');
  // The Audio profile identifies an image by a ProprietaryId: Imprint's, from the submission.
  element
    .ele('ResourceId')
    .ele('ProprietaryId', { Namespace: context.namespace })
    .txt(`${release.submissionId}-front-cover`);
  writeCLine(element, release.cLine);

  const details = element.ele('TechnicalDetails');
  details.ele('TechnicalResourceDetailsReference').txt(`T${index + 1}`);
  const codec = DDEX_IMAGE_CODECS[extensionOf(cover.fileName)];
  if (codec) details.ele('ImageCodecType').txt(codec);
  details.ele('ImageHeight', { UnitOfMeasure: 'Pixel' }).txt(String(cover.height));
  details.ele('ImageWidth', { UnitOfMeasure: 'Pixel' }).txt(String(cover.width));
  writeFile(details, cover);
}

function writeGenre(parent: Builder, genre: string, subGenre: string): void {
  const element = parent.ele('Genre');
  element.ele('GenreText').txt(genre);
  if (subGenre.trim()) element.ele('SubGenre').txt(subGenre);
}

function writeMainRelease(
  list: Builder,
  release: DeliveryRelease,
  tracks: readonly DeliveryTrack[],
  context: Context,
): void {
  const element = list.ele('Release');
  element.ele('ReleaseReference').txt('R0');
  const releaseType = DDEX_RELEASE_TYPES[release.releaseType];
  element
    .ele(
      'ReleaseType',
      releaseType.userDefinedValue
        ? { Namespace: context.namespace, UserDefinedValue: releaseType.userDefinedValue }
        : {},
    )
    .txt(releaseType.type);
  element.ele('ReleaseId').ele('ICPN').txt(release.icpn);
  writeTitles(element, release.title);
  writeDisplayArtists(element, release.displayArtists, context);
  element.ele('ReleaseLabelReference').txt(context.parties.of(release.labelName));
  writePLine(element, release.pLine);
  writeCLine(element, release.cLine);
  // The sum of the tracks' written durations, so the figures add up for a recipient who checks.
  const seconds = tracks.reduce((sum, track) => sum + Math.max(0, Math.round(track.durationSeconds)), 0);
  element.ele('Duration').txt(isoDuration(seconds));
  writeGenre(element, release.genre, release.subGenre);
  element.ele('ReleaseDate').txt(release.releaseDate);
  element.ele('ParentalWarningType').txt(releaseParentalWarning(tracks));

  // The tracks in order, sequenced (primary resources); the front cover is linked from the
  // top-level ResourceGroup and not sequenced (Audio release profile).
  const group = element.ele('ResourceGroup');
  tracks.forEach((_, index) => {
    group
      .ele('ResourceGroupContentItem')
      .ele('SequenceNumber')
      .txt(String(index + 1))
      .up()
      .ele('ReleaseResourceReference')
      .txt(`A${index + 1}`);
  });
  group.ele('LinkedReleaseResourceReference').txt(context.coverReference);
}

/**
 * A TrackRelease per track. The Audio profile gives a TrackRelease's ISRC as a ProprietaryId (not
 * ReleaseId/ISRC) and no titles of its own when they equal its sound recording's; the front cover is
 * linked so a store showing the track on its own has its artwork.
 */
function writeTrackRelease(
  list: Builder,
  release: DeliveryRelease,
  track: DeliveryTrack,
  index: number,
  context: Context,
): void {
  const element = list.ele('TrackRelease');
  element.ele('ReleaseReference').txt(`R${index + 1}`);
  element.ele('ReleaseId').ele('ProprietaryId', { Namespace: context.namespace }).txt(ddexIsrc(track.isrc));
  element.ele('ReleaseResourceReference').txt(`A${index + 1}`);
  element.ele('LinkedReleaseResourceReference').txt(context.coverReference);
  element.ele('ReleaseLabelReference').txt(context.parties.of(release.labelName));
  writeGenre(element, track.genre, track.subGenre);
}

/**
 * A ReleaseDeal per release (R0, then each TrackRelease), each with the streaming and the
 * download Deal. ERN 4 has no takedown message: a takedown is this message with every deal's
 * ValidityPeriod ending on the takedown date.
 */
function writeDeals(
  root: Builder,
  releaseCount: number,
  startDate: string,
  endDate: string | undefined,
): void {
  const list = root.ele('DealList');
  for (let index = 0; index < releaseCount; index++) {
    const releaseDeal = list.ele('ReleaseDeal');
    releaseDeal.ele('DealReleaseReference').txt(`R${index}`);
    for (const deal of DDEX_DEALS) {
      const terms = releaseDeal.ele('Deal').ele('DealTerms');
      terms.ele('TerritoryCode').txt('Worldwide');
      const period = terms.ele('ValidityPeriod');
      period.ele('StartDate').txt(startDate);
      if (endDate) period.ele('EndDate').txt(endDate);
      for (const model of deal.commercialModelTypes) terms.ele('CommercialModelType').txt(model);
      for (const useType of deal.useTypes) terms.ele('UseType').txt(useType);
    }
  }
}

/**
 * The DDEX ERN 4.1.1 NewReleaseMessage for a delivery, pretty-printed UTF-8 with its XML
 * declaration. Deterministic: the same message gives the same bytes (references are assigned in
 * document order, nothing reads the clock). An update is the same full message under the new
 * message id the caller gives (ERN 4 has no update flag); a takedown ends every deal on its
 * `takedownDate`. Throws when the message cannot be written as valid ERN (a missing takedown date,
 * a malformed ISRC, ICPN, DPID, date or hash, a release or track without a display artist, track
 * positions other than 1..n).
 */
export function buildErnMessage(message: DeliveryMessage): string {
  const { release } = message;
  const tracks = orderedTracks(release);
  checkInput(message, tracks);
  const context: Context = {
    parties: collectParties(release, tracks),
    namespace: `DPID:${message.header.sender.dpid}`,
    coverReference: `A${tracks.length + 1}`,
  };

  // release-notification.xsd 4.1.1 defines no AvsVersionId attribute (xmllint refuses one): the
  // AVS version is the one the ERN version imports, implied by the namespace.
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(ERN_NAMESPACE, 'ern:NewReleaseMessage', {
    'xmlns:xsi': XSI_NAMESPACE,
    'xsi:schemaLocation': ERN_SCHEMA_LOCATION,
    ReleaseProfileVersionId: 'Audio',
    LanguageAndScriptCode: 'en',
  });
  writeHeader(root, message);
  writePartyList(root, context.parties);

  const resources = root.ele('ResourceList');
  for (const [index, track] of tracks.entries()) writeSoundRecording(resources, track, index, context);
  writeImage(resources, release, tracks.length, context);

  const releases = root.ele('ReleaseList');
  writeMainRelease(releases, release, tracks, context);
  for (const [index, track] of tracks.entries()) writeTrackRelease(releases, release, track, index, context);

  writeDeals(
    root,
    tracks.length + 1,
    release.releaseDate,
    message.kind === 'takedown' ? message.takedownDate : undefined,
  );
  return root.end({ prettyPrint: true });
}
