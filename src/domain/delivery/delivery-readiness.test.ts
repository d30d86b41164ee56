import { describe, expect, it } from 'vitest';
import { describeDeliveryRelease, formatDisplayArtists } from './delivery-preview';
import {
  assessDelivery,
  type DeliveryFacts,
  type DeliveryTrackFacts,
  formatCopyrightLine,
  getDdexParentalWarning,
  getDdexReleaseType,
  listTrackDisplayArtists,
} from './delivery-readiness';

const SHA = 'a'.repeat(64);

function track(overrides: Partial<DeliveryTrackFacts> = {}): DeliveryTrackFacts {
  return {
    trackId: 't1',
    position: 0,
    title: 'Golden Hour',
    isrc: 'GB-XYZ-26-00001',
    isrcClash: null,
    soloWork: false,
    hasLyrics: true,
    productionYear: '2025',
    parentalAdvisory: 'no',
    contributors: [
      { firstName: 'Leo', surname: 'Park', roles: ['Producer'], isFeatured: false, isPrimaryArtist: false },
    ],
    audio: {
      fileName: 'golden hour.wav',
      format: 'wav',
      bytes: 1_000_000,
      sha256: SHA,
      sampleRate: 48_000,
      bitDepth: 24,
      channels: 2,
      durationSeconds: 205.4,
    },
    ...overrides,
  };
}

function facts(overrides: Partial<DeliveryFacts> = {}): DeliveryFacts {
  return {
    submissionId: 's1',
    approved: true,
    releaseTitle: 'Golden Hour',
    releaseType: 'ep',
    releaseDate: '2027-03-05',
    primaryGenre: 'R&B/Soul',
    subGenre: 'Contemporary R&B',
    artistName: 'Maya Rivers',
    labelName: 'Northern Records',
    icpn: '5012345000015',
    icpnClash: null,
    pLine: { year: null, owner: null },
    cLine: { year: null, owner: null },
    cover: {
      state: 'ready',
      file: { fileName: 'cover.jpg', bytes: 2_000_000, sha256: SHA, width: 3000, height: 3000 },
    },
    schedule: 'signed',
    senderConfigured: true,
    tracks: [track()],
    ...overrides,
  };
}

const failing = (f: DeliveryFacts) =>
  assessDelivery(f)
    .checks.filter((c) => !c.ok)
    .map((c) => [c.key, c.problem, c.fix?.kind]);

describe('assessDelivery', () => {
  it('builds the release once nothing is missing, with the defaults of the lines and the package names', () => {
    const { missing, release } = assessDelivery(facts());
    expect(missing).toEqual([]);
    expect(release).toMatchObject({
      icpn: '5012345000015',
      releaseType: 'EP',
      displayArtists: [{ name: 'Maya Rivers', role: 'MainArtist' }],
      pLine: { year: 2025, owner: 'Northern Records' },
      cLine: { year: 2027, owner: 'Northern Records' },
      cover: { fileName: '5012345000015.jpg' },
    });
    expect(release?.tracks[0]).toMatchObject({
      position: 1,
      isrc: 'GB-XYZ-26-00001',
      parentalWarning: 'NotExplicit',
      audio: { fileName: '5012345000015_01_001.wav', sha256: SHA },
      contributors: [{ name: 'Leo Park', roles: ['Producer'] }],
    });
  });

  it("takes staff's lines over the defaults", () => {
    const { release } = assessDelivery(
      facts({ pLine: { year: 2019, owner: 'Maya Rivers' }, cLine: { year: null, owner: ' Maya Rivers ' } }),
    );
    expect(release?.pLine).toEqual({ year: 2019, owner: 'Maya Rivers' });
    expect(release?.tracks[0]?.pLine).toEqual({ year: 2019, owner: 'Maya Rivers' });
    expect(release?.cLine).toEqual({ year: 2027, owner: 'Maya Rivers' });
  });

  it.each<[string, Partial<DeliveryFacts>, [string, string | undefined, string | undefined][]]>([
    [
      'not approved',
      { approved: false },
      [['approved', 'only an approved release can be delivered', 'wait']],
    ],
    [
      'no sender',
      { senderConfigured: false },
      [['sender', 'set DDEX_PARTY_ID to the label’s DPID', 'configure']],
    ],
    ['no ICPN', { icpn: null }, [['icpn', 'not assigned yet', 'assign']]],
    [
      'a bad ICPN',
      { icpn: '5012345000018' },
      [['icpn', '5012345000018 is not a valid UPC or EAN-13', 'edit']],
    ],
    [
      'an ICPN another release has',
      { icpnClash: 'Low Light' },
      [['icpn', '5012345000015 is already used by “Low Light”', 'edit']],
    ],
    [
      'no release date',
      { releaseDate: null },
      [
        ['releaseDate', 'missing', 'request'],
        ['cLine', 'no year', 'edit'],
      ],
    ],
    [
      'an unknown release type',
      { releaseType: 'mixtape' },
      [['releaseType', '“mixtape” is not a single, EP or album', 'wait']],
    ],
    ['no artwork', { cover: { state: 'missing' } }, [['cover', 'the release has no artwork', 'request']]],
    [
      'a cover being made',
      { cover: { state: 'preparing' } },
      [['cover', 'being made from the artwork', 'wait']],
    ],
    [
      'a refused cover',
      {
        cover: {
          state: 'refused',
          reason: 'the artwork is 1200 × 1200 px; stores need at least 1400 × 1400',
        },
      },
      [['cover', 'the artwork is 1200 × 1200 px; stores need at least 1400 × 1400', 'request']],
    ],
    [
      'an unsigned schedule',
      { schedule: 'awaiting_signature' },
      [['schedule', 'waiting for the artist’s signature', 'wait']],
    ],
    [
      'no tracks',
      { tracks: [] },
      [
        ['tracks', 'the release has no tracks', 'wait'],
        ['pLine', 'no year', 'edit'],
      ],
    ],
  ])('names what is missing: %s', (_what, change, expected) => {
    const result = assessDelivery(facts(change));
    expect(result.release).toBeNull();
    expect(failing(facts(change))).toEqual(expected);
    expect(result.missing).toHaveLength(expected.length);
  });

  it.each<[string, Partial<DeliveryTrackFacts>, [string, string | undefined, string | undefined][]]>([
    ['no ISRC', { isrc: null }, [['track.isrc', 'not assigned yet', 'assign']]],
    ['a malformed ISRC', { isrc: 'GB1' }, [['track.isrc', 'GB1 is not a valid ISRC', 'edit']]],
    [
      'an ISRC another release has',
      { isrcClash: 'Low Light' },
      [['track.isrc', 'GB-XYZ-26-00001 is already used by “Low Light”', 'edit']],
    ],
    ['no audio', { audio: null }, [['track.audio', 'no audio file', 'request']]],
    [
      'an MP3',
      { audio: { ...(track().audio as NonNullable<DeliveryTrackFacts['audio']>), format: 'mp3' } },
      [['track.audio', 'stores need a WAV master, this is MP3', 'request']],
    ],
    [
      'audio not hashed yet',
      { audio: { ...(track().audio as NonNullable<DeliveryTrackFacts['audio']>), sha256: null } },
      [['track.audio', 'the audio file has not been checked yet', 'wait']],
    ],
    [
      'no production year',
      { productionYear: null },
      [
        ['track.pLine', 'no production year', 'edit'],
        ['pLine', 'no year', 'edit'],
      ],
    ],
    ['no explicit flag', { parentalAdvisory: null }, [['track.parentalAdvisory', 'not set', 'request']]],
  ])('names what a track lacks: %s', (_what, change, expected) => {
    expect(failing(facts({ tracks: [track(change)] }))).toEqual(expected);
  });

  it('labels a track’s items with its number and title, and finds an ISRC given twice', () => {
    const result = assessDelivery(
      facts({ tracks: [track(), track({ trackId: 't2', position: 1, title: 'Slow Burn' })] }),
    );
    expect(result.missing).toEqual([
      'Track 2 “Slow Burn”: ISRC: GB-XYZ-26-00001 is also the ISRC of track 1',
    ]);
    expect(result.checks.find((c) => !c.ok)?.trackId).toBe('t2');
  });

  it('credits a solo track to the artist, lyricist only when it has lyrics', () => {
    const { release } = assessDelivery(
      facts({ tracks: [track({ soloWork: true, contributors: [], hasLyrics: false })] }),
    );
    expect(release?.tracks[0]?.contributors).toEqual([
      { name: 'Maya Rivers', roles: ['Performer', 'Composer', 'Producer'] },
    ]);
  });
});

describe('display artists', () => {
  it('lists the artist, primary contributors, then featured ones, each once', () => {
    const artists = listTrackDisplayArtists('Maya Rivers', [
      { firstName: 'Kai', surname: 'Moss', roles: [], isFeatured: true, isPrimaryArtist: false },
      { firstName: 'Ada', surname: 'Lane', roles: [], isFeatured: false, isPrimaryArtist: true },
      { firstName: 'maya', surname: 'rivers', roles: [], isFeatured: true, isPrimaryArtist: false },
      { firstName: 'Leo', surname: 'Park', roles: ['Producer'], isFeatured: false, isPrimaryArtist: false },
    ]);
    expect(artists).toEqual([
      { name: 'Maya Rivers', role: 'MainArtist' },
      { name: 'Ada Lane', role: 'MainArtist' },
      { name: 'Kai Moss', role: 'FeaturedArtist' },
    ]);
    expect(formatDisplayArtists(artists)).toBe('Maya Rivers & Ada Lane feat. Kai Moss');
    expect(
      formatDisplayArtists([
        { name: 'A', role: 'MainArtist' },
        { name: 'B', role: 'MainArtist' },
        { name: 'C', role: 'MainArtist' },
      ]),
    ).toBe('A, B & C');
  });
});

describe('DDEX words', () => {
  it.each([
    ['single', 'Single'],
    ['ep', 'EP'],
    ['lp', 'Album'],
    ['mixtape', null],
  ])('release type %s → %s', (type, ddex) => {
    expect(getDdexReleaseType(type)).toBe(ddex);
  });

  it.each([
    ['yes', 'Explicit'],
    ['no', 'NotExplicit'],
    ['cleaned', 'ExplicitContentEdited'],
    [null, null],
  ])('explicit flag %s → %s', (flag, ddex) => {
    expect(getDdexParentalWarning(flag)).toBe(ddex);
  });

  it('writes the lines as stores print them, and the preview in words', () => {
    expect(formatCopyrightLine('P', { year: 2026, owner: 'Imprint' })).toBe('(P) 2026 Imprint');
    const release = assessDelivery(facts()).release;
    if (!release) throw new Error('not deliverable');
    expect(describeDeliveryRelease(release)).toMatchObject({
      displayArtist: 'Maya Rivers',
      genre: 'R&B/Soul / Contemporary R&B',
      pLine: '(P) 2025 Northern Records',
      cLine: '(C) 2027 Northern Records',
      durationSeconds: 205,
      tracks: [{ format: 'WAV 24-bit 48 kHz stereo', parentalWarning: 'Not explicit', durationSeconds: 205 }],
      deals: [
        'Worldwide from 2027-03-05: streaming (subscription and ad-supported)',
        'Worldwide from 2027-03-05: permanent download',
      ],
    });
  });
});
