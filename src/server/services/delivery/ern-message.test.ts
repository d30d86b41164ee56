import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  DeliveryContributor,
  DeliveryMessage,
  DeliveryMessageKind,
  DeliveryRelease,
  DeliveryTrack,
  DisplayArtist,
} from '../../../domain/delivery/delivery-release';
import { CONTRIBUTOR_ROLES } from '../../../domain/reference/contributor-roles';
import {
  allElements,
  ERN_XSD_MISSING,
  elementAt,
  elementsAt,
  findErnXsdDir,
  parseXml,
  textsAt,
  validateErnXml,
  type XmlElement,
} from '../../test/ddex-xsd';
import { buildErnMessage, DDEX_CONTRIBUTOR_ROLES, ddexIsrc, isoDuration } from './ern-message';

const sha256 = (label: string) => createHash('sha256').update(label).digest('hex');
const main = (name: string): DisplayArtist => ({ name, role: 'MainArtist' });
const featuring = (name: string): DisplayArtist => ({ name, role: 'FeaturedArtist' });

const LABEL = 'Imprint Records';
const SENDER = { dpid: 'PADPIDA2024010101A', name: LABEL };
const RECIPIENT = { dpid: 'PADPIDA2011072101T', name: 'A Store' };

function track(position: number, overrides: Partial<DeliveryTrack> = {}): DeliveryTrack {
  const number = String(position).padStart(5, '0');
  return {
    position,
    isrc: `GB-IMP-25-${number}`,
    title: `Track ${position}`,
    displayArtists: [main('Nova Reed')],
    contributors: [],
    durationSeconds: 180 + position,
    parentalWarning: 'NotExplicit',
    pLine: { year: 2025, owner: LABEL },
    genre: 'Electronic',
    subGenre: 'House',
    audio: {
      fileName: `${number}.wav`,
      bytes: 40_000_000 + position,
      sha256: sha256(`audio ${position}`),
      sampleRate: 44_100,
      bitDepth: 24,
      channels: 2,
    },
    ...overrides,
  };
}

function release(overrides: Partial<DeliveryRelease>): DeliveryRelease {
  return {
    submissionId: 'sub-0001',
    icpn: '5012345678900',
    title: 'A Release',
    releaseType: 'Album',
    displayArtists: [main('Nova Reed')],
    labelName: LABEL,
    genre: 'Electronic',
    subGenre: 'House',
    releaseDate: '2025-09-19',
    pLine: { year: 2025, owner: LABEL },
    cLine: { year: 2025, owner: `${LABEL} Artwork` },
    cover: {
      fileName: 'cover.jpg',
      bytes: 4_200_000,
      sha256: sha256('cover'),
      width: 3000,
      height: 3000,
    },
    tracks: [],
    ...overrides,
  };
}

/** A single of one track: nothing optional (no featured artist, no contributor, no sub-genre). */
const single = release({
  submissionId: 'sub-single',
  icpn: '0602445123456',
  title: 'Lone Signal',
  releaseType: 'Single',
  subGenre: '',
  tracks: [track(1, { title: 'Lone Signal', durationSeconds: 205.4, subGenre: '' })],
});

/** Every role the form offers, on one person, and a role no DDEX list has. */
const everyRole: DeliveryContributor = { name: 'Sam Okafor', roles: [...CONTRIBUTOR_ROLES, 'Whistling'] };

/** An EP of four: featured artists, many roles, an explicit and an edited track, XML-special titles. */
const ep = release({
  submissionId: 'sub-ep',
  icpn: '5099876543210',
  title: 'Rock & Roll <Live> "At Home" & Beyoncé\'s Café',
  releaseType: 'EP',
  // Two main artists: a joint release.
  displayArtists: [main('Nova Reed'), main('Beyoncé')],
  tracks: [
    track(1, {
      title: 'Fish & Chips <Remix>',
      displayArtists: [main('Nova Reed'), featuring('Beyoncé'), featuring('Kōji Tanaka')],
      contributors: [everyRole, { name: 'Ana Lima', roles: ['Producer', 'Guitar', 'Bass'] }],
      durationSeconds: 59.5,
      parentalWarning: 'Explicit',
    }),
    track(2, {
      title: 'Quote "Unquote"',
      contributors: [{ name: 'Ana Lima', roles: ['Vocals', 'Backing Vocals'] }],
      parentalWarning: 'ExplicitContentEdited',
    }),
    track(3, { title: 'Déjà Vu', displayArtists: [main('Nova Reed'), main('Beyoncé')], durationSeconds: 45 }),
    track(4, {
      title: "It's 1 < 2",
      contributors: [
        { name: 'Ana Lima', roles: ['Mixing Engineer'] },
        // The same person twice in the list: one Contributor with both roles.
        { name: 'Ana Lima', roles: ['Mastering Engineer'] },
      ],
    }),
  ],
});

/** An album of twelve, one track a solo work (the artist as Composer, Lyricist and Producer), one over an hour. */
const album = release({
  submissionId: 'sub-album',
  icpn: '4006381333931',
  title: 'Twelve Rooms',
  releaseType: 'Album',
  tracks: Array.from({ length: 12 }, (_, index) =>
    track(index + 1, {
      title: `Room ${index + 1}`,
      contributors:
        index === 0
          ? [{ name: 'Nova Reed', roles: ['Composer', 'Lyricist', 'Producer'] }]
          : [{ name: 'Ana Lima', roles: ['Songwriter'] }],
      durationSeconds: index === 11 ? 3725.6 : 200 + index * 7.3,
      parentalWarning: index === 5 ? 'ExplicitContentEdited' : 'NotExplicit',
    }),
  ),
});

const FIXTURES = { single, ep, album } as const;
const KINDS: DeliveryMessageKind[] = ['initial', 'update', 'takedown'];
const TAKEDOWN_DATE = '2026-03-31';

function message(
  releaseData: DeliveryRelease,
  kind: DeliveryMessageKind = 'initial',
  header: Partial<DeliveryMessage['header']> = {},
): DeliveryMessage {
  return {
    kind,
    header: {
      messageId: `msg-${releaseData.submissionId}-${kind}`,
      threadId: `thread-${releaseData.submissionId}`,
      sender: SENDER,
      recipient: RECIPIENT,
      createdAt: new Date('2025-08-01T12:34:56Z'),
      ...header,
    },
    release: releaseData,
    ...(kind === 'takedown' ? { takedownDate: TAKEDOWN_DATE } : {}),
  };
}

const read = (releaseData: DeliveryRelease, kind: DeliveryMessageKind = 'initial') =>
  parseXml(buildErnMessage(message(releaseData, kind)));

const soundRecordings = (root: XmlElement) => elementsAt(root, 'ResourceList/SoundRecording');

/** A SoundRecording's contributors as `name: roles (instruments)`, the names from the PartyList. */
function contributorsOf(root: XmlElement, recording: XmlElement): string[] {
  const names = new Map(
    elementsAt(root, 'PartyList/Party').map((party) => [
      elementAt(party, 'PartyReference').text,
      elementAt(party, 'PartyName/FullName').text,
    ]),
  );
  return elementsAt(recording, 'Contributor').map((contributor) => {
    const name = names.get(elementAt(contributor, 'ContributorPartyReference').text);
    const roles = elementsAt(contributor, 'Role').map((role) =>
      role.text === 'UserDefined' ? `UserDefined=${role.attributes.UserDefinedValue}` : role.text,
    );
    const instruments = textsAt(contributor, 'InstrumentType');
    return `${name}: ${roles.join(', ')}${instruments.length > 0 ? ` (${instruments.join(', ')})` : ''}`;
  });
}

const xsdDir = findErnXsdDir();
if (!xsdDir) console.warn(ERN_XSD_MISSING);

describe.skipIf(!xsdDir)(
  `ERN messages against the official ERN 4.1.1 XSD${xsdDir ? '' : ` (${ERN_XSD_MISSING})`}`,
  () => {
    for (const [name, fixture] of Object.entries(FIXTURES)) {
      for (const kind of KINDS) {
        it(`the ${name}'s ${kind} message is valid`, async () => {
          const result = await validateErnXml(buildErnMessage(message(fixture, kind)), xsdDir);
          expect(result.errors).toEqual([]);
          expect(result.valid).toBe(true);
        });
      }
    }

    it('a test message is valid too', async () => {
      const result = await validateErnXml(buildErnMessage(message(ep, 'initial', { test: true })), xsdDir);
      expect(result).toEqual({ valid: true, errors: [] });
    });

    it('the validator does refuse what the XSD forbids (an AvsVersionId, which ERN 4.1.1 does not have)', async () => {
      const xml = buildErnMessage(message(single)).replace(
        'LanguageAndScriptCode="en"',
        'LanguageAndScriptCode="en" AvsVersionId="4"',
      );
      const result = await validateErnXml(xml, xsdDir);
      expect(result.valid).toBe(false);
      expect(result.errors.join('\n')).toContain("attribute 'AvsVersionId'");
    });
  },
);

describe('buildErnMessage', () => {
  it('writes a pretty-printed UTF-8 NewReleaseMessage in the ERN 4.1.1 namespace, with the Audio profile', () => {
    const xml = buildErnMessage(message(single));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<ern:NewReleaseMessage ')).toBe(true);
    expect(xml).toContain('\n  <MessageHeader>\n    <MessageThreadId>');
    const root = parseXml(xml);
    expect(root.name).toBe('NewReleaseMessage');
    expect(root.attributes['xmlns:ern']).toBe('http://ddex.net/xml/ern/411');
    expect(root.attributes.ReleaseProfileVersionId).toBe('Audio');
    expect(root.attributes.LanguageAndScriptCode).toBe('en');
    expect(root.children.map((child) => child.name)).toEqual([
      'MessageHeader',
      'PartyList',
      'ResourceList',
      'ReleaseList',
      'DealList',
    ]);
  });

  it('writes the header: thread, message id, sender and recipient DPIDs and names, the time with its zone, live or test', () => {
    const live = read(ep);
    expect(textsAt(live, 'MessageHeader/MessageThreadId')).toEqual(['thread-sub-ep']);
    expect(textsAt(live, 'MessageHeader/MessageId')).toEqual(['msg-sub-ep-initial']);
    expect(textsAt(live, 'MessageHeader/MessageSender/PartyId')).toEqual([SENDER.dpid]);
    expect(textsAt(live, 'MessageHeader/MessageSender/PartyName/FullName')).toEqual([SENDER.name]);
    expect(textsAt(live, 'MessageHeader/MessageRecipient/PartyId')).toEqual([RECIPIENT.dpid]);
    expect(textsAt(live, 'MessageHeader/MessageRecipient/PartyName/FullName')).toEqual([RECIPIENT.name]);
    expect(textsAt(live, 'MessageHeader/MessageCreatedDateTime')).toEqual(['2025-08-01T12:34:56.000Z']);
    expect(textsAt(live, 'MessageHeader/MessageControlType')).toEqual(['LiveMessage']);

    const test = parseXml(buildErnMessage(message(ep, 'initial', { test: true })));
    expect(textsAt(test, 'MessageHeader/MessageControlType')).toEqual(['TestMessage']);
  });

  it.each(Object.entries(FIXTURES))(
    'the %s: ISRCs without hyphens, in track order, on sound recordings and track releases',
    (_, fixture) => {
      const root = read(fixture);
      const expected = fixture.tracks.map((t) => t.isrc.replaceAll('-', ''));
      expect(expected.every((isrc) => /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(isrc))).toBe(true);
      expect(textsAt(root, 'ResourceList/SoundRecording/ResourceId/ISRC')).toEqual(expected);
      expect(textsAt(root, 'ResourceList/SoundRecording/ResourceReference')).toEqual(
        fixture.tracks.map((_, index) => `A${index + 1}`),
      );
      // The Audio profile identifies a TrackRelease by its ISRC as a ProprietaryId, not ReleaseId/ISRC.
      expect(textsAt(root, 'ReleaseList/TrackRelease/ReleaseId/ProprietaryId')).toEqual(expected);
      expect(elementsAt(root, 'ReleaseList/TrackRelease/ReleaseId/ISRC')).toEqual([]);
      expect(textsAt(root, 'ReleaseList/Release/ReleaseId/ICPN')).toEqual([fixture.icpn]);
    },
  );

  it('orders tracks by position whatever order the model lists them in', () => {
    const shuffled = { ...ep, tracks: [...ep.tracks].reverse() };
    expect(buildErnMessage(message(shuffled))).toBe(buildErnMessage(message(ep)));
  });

  it.each(Object.entries(FIXTURES))(
    'the %s: each file under resources/ with its SHA-256, size and technical details',
    (_, fixture) => {
      const root = read(fixture);
      const recordings = soundRecordings(root);
      expect(recordings).toHaveLength(fixture.tracks.length);
      recordings.forEach((recording, index) => {
        const audio = (fixture.tracks[index] as DeliveryTrack).audio;
        const details = elementAt(recording, 'TechnicalDetails');
        expect(textsAt(details, 'File/URI')).toEqual([`resources/${audio.fileName}`]);
        expect(textsAt(details, 'File/HashSum/Algorithm')).toEqual(['SHA-256']);
        expect(textsAt(details, 'File/HashSum/HashSumValue')).toEqual([audio.sha256]);
        expect(textsAt(details, 'File/FileSize')).toEqual([String(audio.bytes)]);
        expect(textsAt(details, 'AudioCodecType')).toEqual(['PCM']);
        expect(textsAt(details, 'NumberOfChannels')).toEqual(['2']);
        expect(elementAt(details, 'SamplingRate')).toMatchObject({
          text: '44100',
          attributes: { UnitOfMeasure: 'Hz' },
        });
        expect(textsAt(details, 'BitsPerSample')).toEqual(['24']);
      });

      const image = elementAt(root, 'ResourceList/Image');
      expect(textsAt(image, 'ResourceReference')).toEqual([`A${fixture.tracks.length + 1}`]);
      expect(textsAt(image, 'Type')).toEqual(['FrontCoverImage']);
      expect(textsAt(image, 'TechnicalDetails/File/URI')).toEqual(['resources/cover.jpg']);
      expect(textsAt(image, 'TechnicalDetails/File/HashSum/HashSumValue')).toEqual([fixture.cover.sha256]);
      expect(textsAt(image, 'TechnicalDetails/ImageCodecType')).toEqual(['JPEG']);
      expect(textsAt(image, 'TechnicalDetails/ImageWidth')).toEqual(['3000']);
      expect(textsAt(image, 'TechnicalDetails/ImageHeight')).toEqual(['3000']);
      expect(elementAt(image, 'ResourceId/ProprietaryId').attributes.Namespace).toBe(`DPID:${SENDER.dpid}`);
    },
  );

  it('writes the hash in lower case whatever case the model holds', () => {
    const upper = release({
      ...single,
      cover: { ...single.cover, sha256: single.cover.sha256.toUpperCase() },
    });
    expect(textsAt(read(upper), 'ResourceList/Image/TechnicalDetails/File/HashSum/HashSumValue')).toEqual([
      single.cover.sha256,
    ]);
  });

  it('writes durations as ISO 8601, whole seconds rounded, and the release total as their sum', () => {
    expect(textsAt(read(single), 'ResourceList/SoundRecording/Duration')).toEqual(['PT3M25S']);
    expect(textsAt(read(single), 'ReleaseList/Release/Duration')).toEqual(['PT3M25S']);

    expect(textsAt(read(ep), 'ResourceList/SoundRecording/Duration')).toEqual([
      'PT1M0S',
      'PT3M2S',
      'PT45S',
      'PT3M4S',
    ]);
    expect(textsAt(read(ep), 'ReleaseList/Release/Duration')).toEqual(['PT7M51S']);

    const albumDurations = textsAt(read(album), 'ResourceList/SoundRecording/Duration');
    expect(albumDurations[0]).toBe('PT3M20S');
    expect(albumDurations[1]).toBe('PT3M27S'); // 207.3 s
    expect(albumDurations[11]).toBe('PT1H2M6S'); // 3725.6 s
    // 200 + 207 + 215 + 222 + 229 + 237 + 244 + 251 + 258 + 266 + 273 + 3726 = 6328 s.
    expect(textsAt(read(album), 'ReleaseList/Release/Duration')).toEqual(['PT1H45M28S']);
  });

  it('isoDuration and ddexIsrc on their own', () => {
    expect([0, 0.4, 59.5, 60, 3600, 3661].map(isoDuration)).toEqual([
      'PT0S',
      'PT0S',
      'PT1M0S',
      'PT1M0S',
      'PT1H0M0S',
      'PT1H1M1S',
    ]);
    expect(ddexIsrc('us-abc-25-00001')).toBe('USABC2500001');
    expect(() => ddexIsrc('US-ABC-25-0001')).toThrow(/not an ISRC/);
  });

  it.each(KINDS)(
    '%s: every deal runs worldwide from the release date, streaming and download for each release',
    (kind) => {
      const root = read(ep, kind);
      const releaseDeals = elementsAt(root, 'DealList/ReleaseDeal');
      expect(releaseDeals.map((deal) => textsAt(deal, 'DealReleaseReference'))).toEqual([
        ['R0'],
        ['R1'],
        ['R2'],
        ['R3'],
        ['R4'],
      ]);
      for (const releaseDeal of releaseDeals) {
        const terms = elementsAt(releaseDeal, 'Deal/DealTerms');
        expect(terms.map((t) => textsAt(t, 'UseType'))).toEqual([['OnDemandStream'], ['PermanentDownload']]);
        expect(terms.map((t) => textsAt(t, 'CommercialModelType'))).toEqual([
          ['SubscriptionModel', 'AdvertisementSupportedModel'],
          ['PayAsYouGoModel'],
        ]);
        for (const term of terms) {
          expect(textsAt(term, 'TerritoryCode')).toEqual(['Worldwide']);
          expect(textsAt(term, 'ValidityPeriod/StartDate')).toEqual([ep.releaseDate]);
          expect(textsAt(term, 'ValidityPeriod/EndDate')).toEqual(kind === 'takedown' ? [TAKEDOWN_DATE] : []);
        }
      }
    },
  );

  it('a takedown is the same message with every deal ending on the takedown date', () => {
    const initial = buildErnMessage(message(album, 'initial', { messageId: 'same' }));
    const takedown = buildErnMessage(message(album, 'takedown', { messageId: 'same' }));
    const endDates = textsAt(
      parseXml(takedown),
      'DealList/ReleaseDeal/Deal/DealTerms/ValidityPeriod/EndDate',
    );
    expect(endDates).toHaveLength((album.tracks.length + 1) * 2);
    expect(new Set(endDates)).toEqual(new Set([TAKEDOWN_DATE]));
    const withoutEndDates = takedown.replaceAll(/\n *<EndDate>[^<]*<\/EndDate>/g, '');
    expect(withoutEndDates).toBe(initial);
  });

  it('a takedown without its date, or with a malformed one, is refused', () => {
    const { takedownDate: _, ...withoutDate } = message(single, 'takedown');
    expect(() => buildErnMessage(withoutDate)).toThrow(/takedownDate/);
    expect(() => buildErnMessage({ ...withoutDate, takedownDate: '31/03/2026' })).toThrow(/takedownDate/);
  });

  it('an update is the full message again: only the message id the caller gives differs', () => {
    const initial = buildErnMessage(message(ep, 'initial', { messageId: 'same' }));
    expect(buildErnMessage(message(ep, 'update', { messageId: 'same' }))).toBe(initial);
    const update = buildErnMessage(message(ep, 'update', { messageId: 'msg-2' }));
    expect(update).toBe(initial.replace('<MessageId>same</MessageId>', '<MessageId>msg-2</MessageId>'));
  });

  it.each(Object.entries(FIXTURES))('the %s: the same input gives the same bytes', (_, fixture) => {
    for (const kind of KINDS) {
      const first = buildErnMessage(message(fixture, kind));
      expect(buildErnMessage(structuredClone(message(fixture, kind)))).toBe(first);
    }
  });

  it.each(
    Object.entries(FIXTURES).flatMap(([name, fixture]) =>
      KINDS.map((kind) => [name, kind, fixture] as const),
    ),
  )(
    'the %s (%s): every reference points to an anchor, every anchor is unique and referenced',
    (_, kind, fixture) => {
      const elements = allElements(read(fixture, kind));
      const anchorNames = new Set([
        'PartyReference',
        'ResourceReference',
        'ReleaseReference',
        'TechnicalResourceDetailsReference',
      ]);
      const anchors = elements
        .filter((element) => anchorNames.has(element.name))
        .map((element) => element.text);
      expect(new Set(anchors).size).toBe(anchors.length);

      const references = elements.filter(
        (element) => element.name.endsWith('Reference') && !anchorNames.has(element.name),
      );
      expect(new Set(references.map((element) => element.name))).toEqual(
        new Set([
          'ArtistPartyReference',
          'ReleaseLabelReference',
          'ReleaseResourceReference',
          'LinkedReleaseResourceReference',
          'DealReleaseReference',
          ...(fixture.tracks.some((t) => t.contributors.length > 0) ? ['ContributorPartyReference'] : []),
        ]),
      );
      const anchorSet = new Set(anchors);
      for (const reference of references)
        expect(anchorSet, `${reference.name} ${reference.text}`).toContain(reference.text);
      // Each kind points at its own kind of anchor (ERN's prefixes: P parties, A resources, R releases).
      for (const reference of references) {
        const prefix =
          reference.name.includes('Party') || reference.name === 'ReleaseLabelReference'
            ? 'P'
            : reference.name.includes('Resource')
              ? 'A'
              : 'R';
        expect(reference.text.startsWith(prefix), `${reference.name} ${reference.text}`).toBe(true);
      }
      // Technical details are anchors no other element points at; everything else is used.
      const referenced = new Set(references.map((element) => element.text));
      expect(anchors.filter((anchor) => !anchor.startsWith('T') && !referenced.has(anchor))).toEqual([]);
    },
  );

  it('names each party once, P1, P2... in the order the message first names them, the label last', () => {
    const root = read(ep);
    const parties = elementsAt(root, 'PartyList/Party');
    expect(textsAt(root, 'PartyList/Party/PartyReference')).toEqual(
      parties.map((_, index) => `P${index + 1}`),
    );
    expect(textsAt(root, 'PartyList/Party/PartyName/FullName')).toEqual([
      'Nova Reed',
      'Beyoncé',
      'Kōji Tanaka',
      'Sam Okafor',
      'Ana Lima',
      LABEL,
    ]);
    expect(textsAt(root, 'ReleaseList/Release/ReleaseLabelReference')).toEqual(['P6']);
    expect(new Set(textsAt(root, 'ReleaseList/TrackRelease/ReleaseLabelReference'))).toEqual(new Set(['P6']));
  });

  it('takes a name typed composed or decomposed as one party', () => {
    const decomposed = 'Beyonce\u0301';
    const mixed = release({
      ...ep,
      displayArtists: [main('Nova Reed'), main(decomposed)],
      tracks: ep.tracks.map((t) => ({
        ...t,
        displayArtists: t.displayArtists.map((a) => (a.name === 'Beyoncé' ? { ...a, name: decomposed } : a)),
      })),
    });
    const names = textsAt(read(mixed), 'PartyList/Party/PartyName/FullName');
    expect(names.filter((name) => name.normalize('NFC') === 'Beyoncé')).toEqual(['Beyoncé']);
  });

  it('writes display artists in order with their roles, sequenced, and the display name from them', () => {
    const root = read(ep);
    const first = soundRecordings(root)[0] as XmlElement;
    expect(textsAt(first, 'DisplayArtistName')).toEqual(['Nova Reed feat. Beyoncé & Kōji Tanaka']);
    const artists = elementsAt(first, 'DisplayArtist');
    expect(artists.map((a) => a.attributes.SequenceNumber)).toEqual(['1', '2', '3']);
    expect(artists.map((a) => textsAt(a, 'DisplayArtistRole')[0])).toEqual([
      'MainArtist',
      'FeaturedArtist',
      'FeaturedArtist',
    ]);
    expect(artists.map((a) => textsAt(a, 'ArtistPartyReference')[0])).toEqual(['P1', 'P2', 'P3']);

    expect(textsAt(soundRecordings(root)[1] as XmlElement, 'DisplayArtistName')).toEqual(['Nova Reed']);
    expect(textsAt(soundRecordings(root)[2] as XmlElement, 'DisplayArtistName')).toEqual([
      'Nova Reed & Beyoncé',
    ]);
    expect(textsAt(root, 'ReleaseList/Release/DisplayArtistName')).toEqual(['Nova Reed & Beyoncé']);
    expect(textsAt(root, 'ReleaseList/Release/DisplayArtist/DisplayArtistRole')).toEqual([
      'MainArtist',
      'MainArtist',
    ]);
    expect(textsAt(root, 'ReleaseList/Release/DisplayArtist/ArtistPartyReference')).toEqual(['P1', 'P2']);
  });

  it('maps every role the form offers to a DDEX role, and an unknown one to UserDefined with its text', () => {
    for (const role of CONTRIBUTOR_ROLES) expect(DDEX_CONTRIBUTOR_ROLES[role], role).toBeDefined();

    const root = read(ep);
    const [first, second, , fourth] = soundRecordings(root) as [
      XmlElement,
      XmlElement,
      XmlElement,
      XmlElement,
    ];
    expect(contributorsOf(root, first)).toEqual([
      'Sam Okafor: StudioProducer, Vocalist, MixingEngineer, MasteringEngineer, Musician, ComposerLyricist, Composer, ' +
        'Arranger, BackgroundVocalist, Programmer, SoundDesigner, UserDefined=Whistling ' +
        '(Guitar, BassGuitar, DrumKit, Keyboard, AcousticPiano, Saxophone, Trumpet, Violin, Cello)',
      'Ana Lima: StudioProducer, Musician (Guitar, BassGuitar)',
    ]);
    expect(elementsAt(first, 'Contributor').map((c) => c.attributes.SequenceNumber)).toEqual(['1', '2']);
    const userDefined = elementsAt(first, 'Contributor/Role').find((role) => role.text === 'UserDefined');
    expect(userDefined?.attributes).toEqual({
      Namespace: `DPID:${SENDER.dpid}`,
      UserDefinedValue: 'Whistling',
    });

    expect(contributorsOf(root, second)).toEqual(['Ana Lima: Vocalist, BackgroundVocalist']);
    expect(contributorsOf(root, fourth)).toEqual(['Ana Lima: MixingEngineer, MasteringEngineer']);
  });

  it('a solo work credits the artist (the same party) as Composer, Lyricist and producer', () => {
    const root = read(album);
    const [solo, other] = soundRecordings(root) as [XmlElement, XmlElement];
    expect(contributorsOf(root, solo)).toEqual(['Nova Reed: Composer, Lyricist, StudioProducer']);
    expect(textsAt(solo, 'Contributor/ContributorPartyReference')).toEqual(
      textsAt(solo, 'DisplayArtist/ArtistPartyReference'),
    );
    expect(contributorsOf(root, other)).toEqual(['Ana Lima: ComposerLyricist']);
    expect(elementsAt(read(single), 'ResourceList/SoundRecording/Contributor')).toEqual([]);
  });

  it('writes the parental warning per track, and for the release the strongest of them', () => {
    expect(textsAt(read(ep), 'ResourceList/SoundRecording/ParentalWarningType')).toEqual([
      'Explicit',
      'ExplicitContentEdited',
      'NotExplicit',
      'NotExplicit',
    ]);
    expect(textsAt(read(ep), 'ReleaseList/Release/ParentalWarningType')).toEqual(['Explicit']);
    expect(textsAt(read(album), 'ReleaseList/Release/ParentalWarningType')).toEqual([
      'ExplicitContentEdited',
    ]);
    expect(textsAt(read(single), 'ReleaseList/Release/ParentalWarningType')).toEqual(['NotExplicit']);
  });

  it('writes the release: type, titles, label, P and C lines, genre, release date, tracks in order and the linked cover', () => {
    const root = read(ep);
    const main = elementAt(root, 'ReleaseList/Release');
    expect(textsAt(main, 'ReleaseReference')).toEqual(['R0']);
    // AVS 4.1.1 has no EP release type: a UserDefined one, with its namespace.
    expect(elementAt(main, 'ReleaseType')).toMatchObject({
      text: 'UserDefined',
      attributes: { Namespace: `DPID:${SENDER.dpid}`, UserDefinedValue: 'EP' },
    });
    expect(textsAt(read(single), 'ReleaseList/Release/ReleaseType')).toEqual(['Single']);
    expect(textsAt(read(album), 'ReleaseList/Release/ReleaseType')).toEqual(['Album']);

    expect(textsAt(main, 'PLine/PLineText')).toEqual([`(P) 2025 ${LABEL}`]);
    expect(textsAt(main, 'PLine/Year')).toEqual(['2025']);
    expect(textsAt(main, 'CLine/CLineText')).toEqual([`(C) 2025 ${LABEL} Artwork`]);
    expect(textsAt(main, 'Genre/GenreText')).toEqual(['Electronic']);
    expect(textsAt(main, 'Genre/SubGenre')).toEqual(['House']);
    expect(elementsAt(read(single), 'ReleaseList/Release/Genre/SubGenre')).toEqual([]);
    expect(textsAt(main, 'ReleaseDate')).toEqual(['2025-09-19']);

    const items = elementsAt(main, 'ResourceGroup/ResourceGroupContentItem');
    expect(
      items.map((item) => [textsAt(item, 'SequenceNumber')[0], textsAt(item, 'ReleaseResourceReference')[0]]),
    ).toEqual([
      ['1', 'A1'],
      ['2', 'A2'],
      ['3', 'A3'],
      ['4', 'A4'],
    ]);
    expect(textsAt(main, 'ResourceGroup/LinkedReleaseResourceReference')).toEqual(['A5']);

    const trackReleases = elementsAt(root, 'ReleaseList/TrackRelease');
    expect(trackReleases.map((t) => textsAt(t, 'ReleaseReference')[0])).toEqual(['R1', 'R2', 'R3', 'R4']);
    expect(trackReleases.map((t) => textsAt(t, 'ReleaseResourceReference')[0])).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
    ]);
    expect(trackReleases.map((t) => textsAt(t, 'Genre/GenreText')[0])).toEqual(Array(4).fill('Electronic'));
  });

  it('escapes XML-special characters and keeps non-ASCII text as UTF-8', () => {
    const xml = buildErnMessage(message(ep));
    expect(xml).toContain(
      '<DisplayTitleText>Rock &amp; Roll &lt;Live&gt; "At Home" &amp; Beyoncé\'s Café</DisplayTitleText>',
    );
    expect(xml).toContain('<TitleText>Fish &amp; Chips &lt;Remix&gt;</TitleText>');
    expect(xml).toContain("<TitleText>It's 1 &lt; 2</TitleText>");
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(xml).not.toContain('&#');
    expect(Buffer.from(xml, 'utf8').includes(Buffer.from('Beyoncé', 'utf8'))).toBe(true);

    const root = parseXml(xml);
    expect(textsAt(root, 'ReleaseList/Release/DisplayTitleText')).toEqual([ep.title]);
    expect(textsAt(root, 'ResourceList/SoundRecording/DisplayTitle/TitleText')).toEqual(
      ep.tracks.map((t) => t.title),
    );
    expect(textsAt(root, 'ResourceList/SoundRecording/DisplayTitleText')).toEqual(
      ep.tracks.map((t) => t.title),
    );
  });

  it('refuses input that cannot make valid ERN', () => {
    const withTracks = (tracks: DeliveryTrack[]) => message(release({ ...single, tracks }));
    expect(() => buildErnMessage(withTracks([]))).toThrow(/at least one track/);
    expect(() => buildErnMessage(withTracks([track(1), track(3)]))).toThrow(/positions/);
    expect(() => buildErnMessage(withTracks([track(1, { isrc: 'GB-IMP-25' })]))).toThrow(/not an ISRC/);
    expect(() => buildErnMessage(withTracks([track(1, { displayArtists: [] })]))).toThrow(/display artist/);
    expect(() => buildErnMessage(message(release({ ...single, icpn: '12345' })))).toThrow(/ICPN/);
    expect(() => buildErnMessage(message(release({ ...single, releaseDate: '19.09.2025' })))).toThrow(
      /release date/,
    );
    expect(() =>
      buildErnMessage(message(single, 'initial', { sender: { dpid: 'LABEL1', name: 'x' } })),
    ).toThrow(/DPID/);
    const badHash = release({ ...single, cover: { ...single.cover, sha256: 'abc' } });
    expect(() => buildErnMessage(message(badHash))).toThrow(/SHA-256 of cover.jpg/);
  });
});
