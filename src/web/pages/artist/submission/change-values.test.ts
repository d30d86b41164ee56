import { describe, expect, it } from 'vitest';
import type { ArtistChangeRequest, ArtistFlaggedField } from '../../../../domain';
import { buildResubmission, changeFormOf, placeProblems, trackTitleOf } from './change-values';

const T1 = '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e51';
const CAT = '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e53';
const leo = {
  id: 'c-0',
  firstName: 'Leo',
  surname: 'Park',
  roles: ['Producer' as const],
  isFeatured: false,
  isPrimaryArtist: false,
};

function flagged(field: Omit<ArtistFlaggedField, 'key' | 'note' | 'file'> & Partial<ArtistFlaggedField>) {
  return { key: field.field, note: 'Please fix.', file: null, ...field } as ArtistFlaggedField;
}

const request: ArtistChangeRequest = {
  roundNumber: 1,
  requestedAt: '2026-11-21T10:00:00.000Z',
  message: null,
  fields: [
    flagged({
      field: 'artwork',
      label: 'The artwork',
      current: { field: 'artwork', fileId: 'file-art' },
      file: { fileName: 'cover.jpg', url: '/files/file-art' },
    }),
    flagged({
      field: 'trackIsrc',
      trackId: T1,
      label: 'The ISRC of track 1 "Night Bus"',
      current: { field: 'trackIsrc', trackId: T1, isrc: '' },
    }),
    flagged({
      field: 'trackContributors',
      trackId: T1,
      label: 'The contributors of track 1 "Night Bus"',
      current: {
        field: 'trackContributors',
        trackId: T1,
        soloWork: false,
        featuredArtists: [],
        nonFeaturedArtists: [],
        producers: [leo],
      },
    }),
    flagged({
      field: 'trackSplits',
      trackId: T1,
      label: 'The master splits of track 1 "Night Bus"',
      current: {
        field: 'trackSplits',
        trackId: T1,
        hasMasterSplit: true,
        masterSplits: [{ id: 's1', contributorId: 'c-0', percentage: 100 }],
      },
      credited: [leo],
    }),
    flagged({
      field: 'releaseDate',
      label: 'The release date',
      current: { field: 'releaseDate', releaseDate: '2027-03-05' },
    }),
    flagged({
      field: 'catalogueItem',
      catalogueItemId: CAT,
      label: 'The catalogue item "Old Harbour"',
      current: {
        field: 'catalogueItem',
        catalogueItemId: CAT,
        title: 'Old Harbour',
        artist: 'Maya Rivers',
        spotifyUrl: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
        hasMasterSplit: false,
        masterSplits: [],
      },
    }),
  ],
};

describe('the answer to a change request', () => {
  it('starts from the current values; a track edited twice shares one slot', () => {
    const form = changeFormOf(request);
    expect(form.slots).toEqual([null, null, 0, 0, null, 0]);
    expect(form.values.tracks).toHaveLength(1);
    expect(form.values.tracks[0]?.title).toBe('Night Bus');
    expect(form.values.tracks[0]?.metadata.producers).toEqual([leo]);
    expect(form.values.tracks[0]?.metadata.masterSplits).toEqual([
      { id: 's1', contributorId: 'c-0', percentage: 100 },
    ]);
    expect(form.values.catalogueItems).toEqual([
      { id: CAT, metadata: { hasMasterSplit: false, masterSplits: [] } },
    ]);
    expect(form.values.answers.map((answer) => answer.value || answer.fileId)).toEqual([
      'file-art',
      '',
      '',
      '',
      '2027-03-05',
      'Old Harbour',
    ]);
  });

  it('sends every marked field, in order, with its new value (an ISRC in its written form)', () => {
    const form = changeFormOf(request);
    const values = structuredClone(form.values);
    values.answers[0] = { ...values.answers[0], value: '', artist: '', spotifyUrl: '', fileId: 'file-new' };
    values.answers[1] = { value: 'gb a1b 25 00042', artist: '', spotifyUrl: '', fileId: '' };
    const metadata = values.tracks[0]?.metadata;
    if (!metadata) throw new Error('no slot');
    metadata.nonFeaturedArtists = [
      { ...leo, id: 'c-1', firstName: 'Nia', surname: 'Hale', roles: ['Mixing Engineer'] },
    ];
    metadata.masterSplits = [
      { id: 's1', contributorId: 'c-0', percentage: 50 },
      { id: 's2', contributorId: 'c-1', percentage: 50 },
    ];
    values.comment = '  Fixed.  ';
    const payload = buildResubmission(request, form, values);
    expect(payload.comment).toBe('Fixed.');
    expect(payload.changes).toEqual([
      { field: 'artwork', fileId: 'file-new' },
      { field: 'trackIsrc', trackId: T1, isrc: 'GB-A1B-25-00042' },
      {
        field: 'trackContributors',
        trackId: T1,
        soloWork: false,
        featuredArtists: [],
        nonFeaturedArtists: metadata.nonFeaturedArtists,
        producers: [leo],
      },
      { field: 'trackSplits', trackId: T1, hasMasterSplit: true, masterSplits: metadata.masterSplits },
      { field: 'releaseDate', releaseDate: '2027-03-05' },
      {
        field: 'catalogueItem',
        catalogueItemId: CAT,
        title: 'Old Harbour',
        artist: 'Maya Rivers',
        spotifyUrl: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
        hasMasterSplit: false,
        masterSplits: [],
      },
    ]);
    expect(buildResubmission(request, form, { ...values, comment: ' ' }).comment).toBeUndefined();
  });

  it('puts the server’s problems on the input they are about, else on the field, else above Resubmit', () => {
    const form = changeFormOf(request);
    const placed = placeProblems(request, form, [
      { field: 'changes.0.fileId', message: 'The new artwork was not found among your uploads.' },
      { field: 'changes.1.isrc', message: 'ISRC must look like CC-XXX-YY-NNNNN' },
      { field: 'changes.2.producers.0.email', message: 'Track 1 "Night Bus": Enter a valid e-mail' },
      { field: 'changes.3.masterSplits.1.percentage', message: 'A share is between 1 and 100' },
      { field: 'changes.5.masterSplits', message: 'Splits need a name' },
      { field: 'changes.5.title', message: 'The title of the catalogue item is required' },
      { field: 'changes.4', message: 'Something about the date' },
      { field: 'changes', message: 'The artwork was marked for changes: send its new value with the others' },
    ]);
    expect(placed.onFields).toEqual([
      { field: 'answers.0.fileId', message: 'The new artwork was not found among your uploads.' },
      { field: 'answers.1.value', message: 'ISRC must look like CC-XXX-YY-NNNNN' },
      { field: 'tracks.0.metadata.contributors', message: 'Track 1 "Night Bus": Enter a valid e-mail' },
      { field: 'tracks.0.metadata.masterSplits.1.percentage', message: 'A share is between 1 and 100' },
      { field: 'catalogueItems.0.metadata.masterSplits', message: 'Splits need a name' },
      { field: 'answers.5.value', message: 'The title of the catalogue item is required' },
    ]);
    expect(placed.byField[4]).toEqual(['Something about the date']);
    expect(placed.general).toEqual([
      'The artwork was marked for changes: send its new value with the others',
    ]);
  });

  it('reads the track’s title from the field’s label', () => {
    expect(trackTitleOf('The audio of track 2 "Tide (Reprise)"')).toBe('Tide (Reprise)');
    expect(trackTitleOf('The audio of a track')).toBe('this track');
  });
});
