import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../common/calendar-date';
import { createDefaultTrackMetadata, createEmptyTrack } from '../schemas/form-defaults';
import { validateMusicStep } from './music-step';
import { listMissingTrackDetails, validateMusicUpload } from './music-validation';
import { makeMusicForm, makeTrack, TODAY } from './test-fixtures';

const messagesOf = (form: Parameters<typeof validateMusicUpload>[0]) =>
  validateMusicUpload(form, TODAY).errors.map((e) => e.message);

describe('music upload: tracks and release details', () => {
  it('accepts a complete single', () => {
    expect(validateMusicUpload(makeMusicForm(), TODAY)).toEqual({ errors: [] });
  });

  it.each([
    ['no tracks at all', []],
    ['only an empty slot', [createEmptyTrack('e1')]],
  ])('%s: asks for tracks, with the wizard’s own wording', (_, tracks) => {
    const result = validateMusicUpload(makeMusicForm({ tracks }), TODAY);
    expect(result.errors).toContainEqual({ field: 'tracks', message: 'Please add tracks for your release' });
    expect(result.stepMessage).toBe('Please add at least one track for your release');
  });

  it('checks the clip times of a track whose clips are on, and only then', () => {
    const clips = [{ id: 'c1', startTime: '0:75', endTime: '00:30', status: 'Ready' }];
    const metadata = { ...createDefaultTrackMetadata(), soloWork: true, productionYear: '2025' };
    const on = makeTrack(1, { metadata: { ...metadata, socialClipsEnabled: true, socialClips: clips } });
    const fields = validateMusicUpload(makeMusicForm({ tracks: [on] }), TODAY).errors.map((e) => e.field);
    expect(fields).toEqual(['tracks.0.metadata.socialClips.0.startTime']);
    const off = makeTrack(1, { metadata: { ...metadata, socialClipsEnabled: false, socialClips: clips } });
    expect(validateMusicUpload(makeMusicForm({ tracks: [off] }), TODAY).errors).toEqual([]);
  });

  it('asks for the picture of a track whose custom artwork is on, and only then', () => {
    const on = makeTrack(2, { title: 'Night Drive', useCustomArtwork: true });
    expect(validateMusicUpload(makeMusicForm({ tracks: [makeTrack(1), on] }), TODAY).errors).toEqual([
      {
        field: 'tracks.1.customArtwork',
        message: 'Track 2 "Night Drive" needs custom artwork: choose a JPEG or turn it off',
      },
    ]);
    // Picked and still uploading, or uploaded: there is a picture.
    const picked = { ...on, customArtwork: { name: 'cover.jpg', type: 'image/jpeg', size: 1000 } };
    const uploaded = { ...on, customArtworkFileId: 'img-1', customArtworkUrl: '/files/img-1' };
    for (const track of [picked, uploaded, { ...on, useCustomArtwork: false }]) {
      expect(validateMusicUpload(makeMusicForm({ tracks: [track] }), TODAY).errors).toEqual([]);
    }
  });

  it('ignores empty slots next to uploaded tracks', () => {
    expect(messagesOf(makeMusicForm({ tracks: [makeTrack(1), createEmptyTrack('e')] }))).toEqual([]);
  });

  it('needs a title on every track, said once and pointing at the first', () => {
    const tracks = [makeTrack(1), makeTrack(2, { title: ' ' }), makeTrack(3, { title: '' })];
    const result = validateMusicUpload(makeMusicForm({ tracks }), TODAY);
    expect(result.errors).toEqual([
      { field: 'tracks.1.title', message: 'Track titles are required for all tracks' },
    ]);
  });

  it.each([
    [{ releaseTitle: '  ' }, 'releaseTitle', 'Release title is required'],
    [{ primaryGenre: '', subGenre: 'Indie Pop' }, 'primaryGenre', 'Primary genre is required'],
    [{ primaryGenre: 'Not A Genre', subGenre: 'Indie Pop' }, 'primaryGenre', 'Primary genre is required'],
    [{ subGenre: '' }, 'subGenre', 'Sub-genre is required'],
    [{ subGenre: 'Death Metal' }, 'subGenre', 'Sub-genre is required'],
  ])('%j gives %s: %s', (change, field, message) => {
    expect(validateMusicUpload(makeMusicForm(change), TODAY).errors).toEqual([{ field, message }]);
  });

  it.each([
    ['no metadata', { metadata: undefined }],
    ['no contributors', { metadata: { ...createDefaultTrackMetadata(), productionYear: '2024' } }],
  ])('a track with %s needs contributors and roles', (_, change) => {
    const tracks = [makeTrack(1), makeTrack(2, { title: 'Night Drive', ...change })];
    expect(messagesOf(makeMusicForm({ tracks }))).toContain(
      'Track 2 "Night Drive" needs contributors and roles',
    );
  });

  it.each([
    ['solo work', { soloWork: true }],
    ['a featured artist', { featuredArtists: [contributor('Producer')] }],
    ['a non-featured artist', { nonFeaturedArtists: [contributor('Drums')] }],
    ['a producer', { producers: [contributor('Producer')] }],
  ])('contributors are satisfied by %s', (_, change) => {
    const metadata = { ...createDefaultTrackMetadata(), productionYear: '2024', ...change };
    expect(messagesOf(makeMusicForm({ tracks: [makeTrack(1, { metadata })] }))).toEqual([]);
  });

  it.each([
    ['', 'Track 1 "Song 1" needs a production year'],
    ['1899', 'Track 1 "Song 1" needs a production year between 1900 and 2026'],
    ['2027', 'Track 1 "Song 1" needs a production year between 1900 and 2026'],
    ['20x5', 'Track 1 "Song 1" needs a production year between 1900 and 2026'],
  ])('production year %j gives %j', (productionYear, message) => {
    const metadata = { ...createDefaultTrackMetadata(), soloWork: true, productionYear };
    expect(
      validateMusicUpload(makeMusicForm({ tracks: [makeTrack(1, { metadata })] }), TODAY).errors,
    ).toEqual([{ field: 'tracks.0.metadata.productionYear', message }]);
  });

  it.each(['1900', '2026'])('production year %s is in range (max is the year of today)', (productionYear) => {
    const metadata = { ...createDefaultTrackMetadata(), soloWork: true, productionYear };
    expect(messagesOf(makeMusicForm({ tracks: [makeTrack(1, { metadata })] }))).toEqual([]);
  });

  it('applies the split rules to a track’s master splits', () => {
    const metadata = {
      ...createDefaultTrackMetadata(),
      soloWork: true,
      productionYear: '2024',
      hasMasterSplit: true,
    };
    expect(
      validateMusicUpload(makeMusicForm({ tracks: [makeTrack(1, { metadata })] }), TODAY).errors,
    ).toEqual([
      {
        field: 'tracks.0.metadata.masterSplits',
        message: '"Song 1" has master splits enabled but no splits added',
      },
    ]);
  });
});

function contributor(role: 'Producer' | 'Drums') {
  return {
    id: 'c1',
    firstName: 'Sam',
    surname: 'Reed',
    roles: [role],
    isFeatured: false,
    isPrimaryArtist: false,
  };
}

describe('music upload: release together', () => {
  it.each([
    [41, ['Release date must be at least 6 weeks from today']],
    [42, []],
    [43, []],
  ])('a release date %i days from today gives %j', (days, messages) => {
    expect(messagesOf(makeMusicForm({ releaseDate: addDays(TODAY, days) }))).toEqual(messages);
  });

  it('needs a release date', () => {
    expect(validateMusicUpload(makeMusicForm({ releaseDate: '' }), TODAY).errors).toEqual([
      { field: 'releaseDate', message: 'Release date is required' },
    ]);
  });

  it('an early release lifts the 6-week rule but needs a reason', () => {
    const early = makeMusicForm({ releaseDate: addDays(TODAY, 7), earlyReleaseRequest: true });
    expect(validateMusicUpload(early, TODAY).errors).toEqual([
      { field: 'earlyReleaseReason', message: 'Please provide a reason for the early release request' },
    ]);
    expect(messagesOf({ ...early, earlyReleaseReason: 'Tour starts in April' })).toEqual([]);
  });
});

describe('music upload: singles first', () => {
  const singlesFirst = (fullReleaseDate: string, firstSingle = '2026-05-01') =>
    makeMusicForm({
      releaseStrategy: 'singles_first',
      fullReleaseDate,
      tracks: [
        makeTrack(1, { releaseAsSingle: true, singleReleaseDate: firstSingle }),
        makeTrack(2, { releaseAsSingle: true, singleReleaseDate: '2026-06-12' }),
        makeTrack(3),
      ],
    });

  it('accepts a full release on the day of the last single', () => {
    expect(messagesOf(singlesFirst('2026-06-12'))).toEqual([]);
  });

  it('offers a quick fix when the full release comes before the last single', () => {
    expect(validateMusicUpload(singlesFirst('2026-06-11'), TODAY).errors).toEqual([
      {
        field: 'fullReleaseDate',
        message: 'Full release date must be on or after your last single (June 12, 2026)',
        quickFix: { field: 'fullReleaseDate', value: '2026-06-12' },
      },
    ]);
  });

  it('needs the full release date', () => {
    expect(messagesOf(singlesFirst(''))).toEqual([
      'Full release date is required for singles-first strategy',
    ]);
  });

  it('needs at least one single with a date', () => {
    const form = makeMusicForm({
      releaseStrategy: 'singles_first',
      fullReleaseDate: '2026-06-12',
      tracks: [makeTrack(1, { releaseAsSingle: true }), makeTrack(2)],
    });
    expect(validateMusicUpload(form, TODAY).errors).toEqual([
      { field: 'releaseStrategy', message: 'Please select at least one track to release as a single' },
    ]);
  });

  it.each([
    [41, ['Release date must be at least 6 weeks from today']],
    [42, []],
  ])('a first single %i days out gives %j', (days, messages) => {
    expect(messagesOf(singlesFirst('2026-06-12', addDays(TODAY, days)))).toEqual(messages);
  });
});

describe('music step as a whole', () => {
  it('runs only the transfer rules for a transfer', () => {
    const result = validateMusicStep(
      makeMusicForm({ uploadType: 'transfer', tracks: [], releaseTitle: '' }),
      TODAY,
    );
    expect(result).toEqual({
      errors: [{ field: 'catalogueItems', message: 'Please add at least one catalogue item to transfer' }],
      stepMessage: 'Please add at least one release to transfer',
    });
  });

  it('runs only the music rules for new music', () => {
    expect(validateMusicStep(makeMusicForm(), TODAY)).toEqual({ errors: [] });
  });

  it('runs both for both, without requiring a catalogue item', () => {
    const result = validateMusicStep(makeMusicForm({ uploadType: 'both', releaseTitle: '' }), TODAY);
    expect(result.errors).toEqual([{ field: 'releaseTitle', message: 'Release title is required' }]);
    expect(result.stepMessage).toBe('Release title is required');
  });

  it('never reports a field that is valid (property)', () => {
    const corruptions = {
      releaseTitle: { releaseTitle: ' ' },
      primaryGenre: { primaryGenre: '' },
      subGenre: { subGenre: '' },
      releaseDate: { releaseDate: addDays(TODAY, 10) },
      'tracks.0.title': { tracks: [makeTrack(1, { title: '' })] },
      'tracks.0.metadata.productionYear': {
        tracks: [
          makeTrack(1, { metadata: { ...createDefaultTrackMetadata(), soloWork: true, productionYear: '' } }),
        ],
      },
    } as const;
    fc.assert(
      fc.property(fc.subarray(Object.keys(corruptions) as (keyof typeof corruptions)[]), (broken) => {
        const form = makeMusicForm();
        for (const key of broken) Object.assign(form, corruptions[key]);
        const reported = validateMusicStep(form, TODAY).errors.map((e) => e.field);
        for (const field of reported) expect(broken).toContain(field);
      }),
    );
  });
});

describe('what a track card says its details need', () => {
  it('names nothing for a complete track', () => {
    expect(listMissingTrackDetails(makeTrack(1), 0, TODAY)).toEqual([]);
  });

  it('names the missing parts in the card’s own order, once each', () => {
    const blank = makeTrack(1, { metadata: createDefaultTrackMetadata() });
    expect(listMissingTrackDetails(blank, 0, TODAY)).toEqual([
      'contributors or Solo work',
      'production year',
    ]);
    const clips = [
      { id: 'c1', startTime: 'x', endTime: 'y', status: 'Ready' },
      { id: 'c2', startTime: '0:99', endTime: '00:30', status: 'Ready' },
    ];
    const more = makeTrack(2, {
      useCustomArtwork: true,
      metadata: {
        ...createDefaultTrackMetadata(),
        soloWork: true,
        productionYear: '1800',
        socialClipsEnabled: true,
        socialClips: clips,
      },
    });
    expect(listMissingTrackDetails(more, 1, TODAY)).toEqual([
      'production year',
      'clip times',
      'custom artwork',
    ]);
  });
});
