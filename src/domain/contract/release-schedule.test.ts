import { describe, expect, it } from 'vitest';
import { splitAgreementBlocks } from './agreement-template';
import {
  buildReleaseScheduleContent,
  describeScheduleMatch,
  describeScheduleSource,
  findScheduleFile,
  listScheduleUploadIds,
  type ReleaseScheduleSource,
  renderReleaseSchedule,
} from './release-schedule';

const AUDIO_1 = '11111111-1111-4111-8111-111111111111';
const AUDIO_2 = '22222222-2222-4222-8222-222222222222';
const ART = '33333333-3333-4333-8333-333333333333';
const hex = (digit: string) => digit.repeat(64);

const source: ReleaseScheduleSource = {
  artistName: 'Jane Doe',
  releaseTitle: ' Night Drive ',
  releaseType: 'ep',
  releaseDate: '2027-03-05',
  artworkUploadId: ART,
  tracks: [
    {
      position: 1,
      title: 'Second',
      isrc: null,
      audioUploadId: AUDIO_2,
      artworkUploadId: null,
      soloWork: false,
      hasLyrics: false,
      contributors: [],
      splits: [{ contributorClientId: null, firstName: 'Sam', lastName: 'Lee', percentage: 100 }],
    },
    {
      position: 0,
      title: 'First',
      isrc: ' US-ABC-27-00001 ',
      audioUploadId: AUDIO_1,
      artworkUploadId: null,
      soloWork: false,
      hasLyrics: true,
      contributors: [
        { clientId: 'c1', firstName: 'Ada', surname: 'Moe', roles: ['Producer', 'Mixing Engineer'] },
        { clientId: 'c2', firstName: 'Bo', surname: '', roles: [] },
      ],
      splits: [
        { contributorClientId: 'c1', firstName: null, lastName: null, percentage: 60 },
        { contributorClientId: null, firstName: 'Cy', lastName: 'Ng', percentage: 40 },
      ],
    },
  ],
};

const files = new Map([
  [AUDIO_1, { fileName: 'first.wav', sha256: hex('a') }],
  [AUDIO_2, { fileName: 'second.wav', sha256: hex('b') }],
  [ART, { fileName: 'cover.jpg', sha256: hex('c') }],
]);

describe('buildReleaseScheduleContent', () => {
  const content = buildReleaseScheduleContent(source, files);

  it('lists the tracks in their order, numbered from 1, with title and ISRC trimmed', () => {
    expect(content.releaseTitle).toBe('Night Drive');
    expect(content.tracks.map((t) => [t.position, t.title, t.isrc])).toEqual([
      [1, 'First', 'US-ABC-27-00001'],
      [2, 'Second', null],
    ]);
  });

  it('names each split by its contributor or its named person', () => {
    expect(content.tracks[0]?.splits).toEqual([
      { name: 'Ada Moe', percentage: 60 },
      { name: 'Cy Ng', percentage: 40 },
    ]);
    expect(content.tracks[0]?.contributors).toEqual([
      { name: 'Ada Moe', roles: ['Producer', 'Mixing Engineer'] },
      { name: 'Bo', roles: [] },
    ]);
  });

  it('credits the artist of a solo track as performer, composer, lyricist and producer', () => {
    const solo = buildReleaseScheduleContent(
      {
        ...source,
        tracks: [
          {
            ...(source.tracks[0] as ReleaseScheduleSource['tracks'][number]),
            soloWork: true,
            hasLyrics: true,
          },
        ],
      },
      files,
    );
    expect(solo.tracks[0]?.contributors).toEqual([
      { name: 'Jane Doe', roles: ['Performer', 'Composer', 'Lyricist', 'Producer'] },
    ]);
    const text = renderReleaseSchedule(solo, {
      version: 1,
      artistName: 'Jane Doe',
      labelName: 'Imprint Records',
      agreementVersion: 1,
    });
    expect(text).toContain('Contributors: Jane Doe (Performer, Composer, Lyricist, Producer)');
    expect(text).not.toContain('Contributors: none listed');
  });

  it('lists a track’s own cover with its SHA-256, and finds it by its hash', () => {
    const TRACK_ART = '66666666-6666-4666-8666-666666666666';
    const withCover: ReleaseScheduleSource = {
      ...source,
      tracks: [
        { ...(source.tracks[1] as ReleaseScheduleSource['tracks'][number]), artworkUploadId: TRACK_ART },
      ],
    };
    expect(listScheduleUploadIds(withCover)).toEqual([AUDIO_1, TRACK_ART, ART]);
    const content = buildReleaseScheduleContent(
      withCover,
      new Map([...files, [TRACK_ART, { fileName: 'first-cover.jpg', sha256: hex('d') }]]),
    );
    expect(content.tracks[0]?.artwork).toEqual({
      uploadId: TRACK_ART,
      fileName: 'first-cover.jpg',
      sha256: hex('d'),
    });
    const text = renderReleaseSchedule(content, {
      version: 1,
      artistName: 'Jane Doe',
      labelName: 'Imprint Records',
      agreementVersion: 1,
    });
    expect(text).toContain(`Track artwork SHA-256: ${hex('d')}`);
    expect(describeScheduleMatch(findScheduleFile(content, hex('d')))).toBe(
      'Match: this is the approved artwork of First.',
    );
    // A track without a cover of its own adds nothing: schedules made before read the same.
    expect(buildReleaseScheduleContent(source, files).tracks.every((t) => !('artwork' in t))).toBe(true);
  });

  it('carries each file with its name and SHA-256', () => {
    expect(content.artwork).toEqual({ uploadId: ART, fileName: 'cover.jpg', sha256: hex('c') });
    expect(content.tracks[1]?.audio).toEqual({ uploadId: AUDIO_2, fileName: 'second.wav', sha256: hex('b') });
  });

  it('refuses a file without its hash', () => {
    expect(() => buildReleaseScheduleContent(source, new Map())).toThrow(/SHA-256/);
  });

  it('hashes each track audio and the artwork once', () => {
    expect(listScheduleUploadIds(source)).toEqual([AUDIO_2, AUDIO_1, ART]);
    expect(listScheduleUploadIds({ ...source, artworkUploadId: null, tracks: [] })).toEqual([]);
  });
});

describe('describeScheduleSource', () => {
  const base = describeScheduleSource(source);
  const track = source.tracks[1] as ReleaseScheduleSource['tracks'][number];
  const withTrack = (change: Partial<typeof track>): ReleaseScheduleSource => ({
    ...source,
    tracks: [source.tracks[0] as typeof track, { ...track, ...change }],
  });

  it.each([
    ['a replaced audio file', withTrack({ audioUploadId: '44444444-4444-4444-8444-444444444444' })],
    ['a new ISRC', withTrack({ isrc: 'US-ABC-27-00009' })],
    ['a changed title', withTrack({ title: 'Primero' })],
    [
      'a changed split',
      withTrack({ splits: [{ contributorClientId: 'c1', firstName: null, lastName: null, percentage: 50 }] }),
    ],
    [
      'a new role',
      withTrack({
        contributors: [{ clientId: 'c1', firstName: 'Ada', surname: 'Moe', roles: ['Producer'] }],
      }),
    ],
    ['replaced artwork', { ...source, artworkUploadId: '55555555-5555-4555-8555-555555555555' }],
    ['a new release date', { ...source, releaseDate: '2027-04-02' }],
    ['a track now solo work', withTrack({ soloWork: true })],
  ])('changes with %s', (_what, changed) => {
    expect(describeScheduleSource(changed)).not.toBe(base);
  });

  it('stays the same for the same rows and needs no file', () => {
    expect(describeScheduleSource(structuredClone(source))).toBe(base);
  });
});

describe('renderReleaseSchedule', () => {
  const content = buildReleaseScheduleContent(source, files);
  const text = renderReleaseSchedule(content, {
    version: 2,
    artistName: 'Jane Doe',
    labelName: 'Imprint Records',
    agreementVersion: 3,
  });
  const blocks = splitAgreementBlocks(text);

  it('reads as the agreement format: a heading per part', () => {
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      'Release schedule: Night Drive',
      'Release',
      'Track 1: First',
      'Track 2: Second',
    ]);
  });

  it('lists the release, each track with contributors, roles, splits and every hash', () => {
    const paragraphs = blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
    expect(paragraphs).toEqual(
      expect.arrayContaining([
        'Type: EP',
        'Release date: March 5, 2027',
        `Artwork SHA-256: ${hex('c')}`,
        'ISRC: US-ABC-27-00001',
        'ISRC: Not assigned yet',
        'Contributors: Ada Moe (Producer, Mixing Engineer); Bo',
        'Contributors: none listed',
        'Master splits: Ada Moe 60%; Cy Ng 40%',
        'Master splits: Sam Lee 100%',
        'Audio file: first.wav',
        `Audio SHA-256: ${hex('a')}`,
        `Audio SHA-256: ${hex('b')}`,
      ]),
    );
    expect(paragraphs[0]).toContain('version 2');
    expect(paragraphs[0]).toContain('artist agreement (version 3) between Jane Doe and Imprint Records');
  });
});

describe('findScheduleFile and describeScheduleMatch', () => {
  const content = buildReleaseScheduleContent(source, files);

  it.each([
    [hex('a'), 'Match: this is the approved First audio.'],
    [hex('B'), 'Match: this is the approved Second audio.'],
    [hex('c'), 'Match: this is the approved artwork.'],
    [hex('d'), 'No match: this file is not one of the files approved in this schedule.'],
  ])('%s → %s', (sha256, words) => {
    expect(describeScheduleMatch(findScheduleFile(content, sha256))).toBe(words);
  });
});
