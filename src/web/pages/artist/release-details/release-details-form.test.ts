import { describe, expect, it } from 'vitest';
import {
  type Contributor,
  createDefaultTrackMetadata,
  formatClipTimeInvalid,
  formatSplitTotalWarning,
  ISRC_INVALID,
  type TrackMetadata,
} from '../../../../domain';
import { ApiError } from '../../../api/client';
import { type ReleaseDetails, readFieldErrors } from '../../../api/release-details';
import {
  checkDraft,
  checkForReview,
  describeStatus,
  formatDraftSaved,
  type ReleaseDetailsFormValues,
  toFormValues,
  toSaveBody,
} from './release-details-form';

const producer: Contributor = {
  id: 'c-1',
  firstName: 'Leo',
  surname: 'Park',
  roles: ['Producer'],
  isFeatured: false,
  isPrimaryArtist: false,
};
const complete: TrackMetadata = {
  ...createDefaultTrackMetadata(),
  producers: [producer],
  productionYear: '2026',
};

function values(
  ...tracks: { title: string; isrc?: string; metadata?: TrackMetadata }[]
): ReleaseDetailsFormValues {
  return {
    tracks: tracks.map((track, index) => ({
      id: `t-${index}`,
      title: track.title,
      isrc: track.isrc ?? '',
      metadata: track.metadata ?? complete,
    })),
  };
}

/** A saved draft of the release with these tracks, as the API answers it. */
function draftWith(tracks: ReleaseDetails['tracks']): ReleaseDetails {
  return {
    itemId: 'i',
    releaseTitle: 'Night Swim',
    status: 'draft',
    updatedAt: null,
    submittedAt: null,
    artwork: null,
    tracks,
  };
}

describe('the form state and the API body', () => {
  it('takes the tracks in release order, and sends ISRCs in their written form', () => {
    const form = toFormValues(
      draftWith([
        {
          trackId: 'b',
          position: 1,
          title: 'Second',
          audioUrl: null,
          waveform: null,
          isrc: '',
          metadata: complete,
        },
        {
          trackId: 'a',
          position: 0,
          title: 'First',
          audioUrl: null,
          waveform: null,
          isrc: 'gb a1b 25 00042',
          metadata: complete,
        },
      ]),
    );
    expect(form.tracks.map((track) => track.id)).toEqual(['a', 'b']);
    expect(toSaveBody(form)).toEqual({
      tracks: [
        { trackId: 'a', isrc: 'GB-A1B-25-00042', metadata: complete },
        { trackId: 'b', isrc: '', metadata: complete },
      ],
    });
    // A malformed code is kept as typed in a draft; only the review refuses it.
    expect(toSaveBody({ ...values({ title: 'First', isrc: ' GB1 ' }), artworkFileId: 'art-2' })).toEqual({
      tracks: [{ trackId: 't-0', isrc: 'GB1', metadata: complete }],
      artworkFileId: 'art-2',
    });
  });

  it('gives every clip a description, so a form reset with the saved answer has nothing to add', () => {
    const clip = { id: 'k', startTime: '00:45', endTime: '01:25', status: 'Ready' as const };
    const form = toFormValues(
      draftWith([
        {
          trackId: 'a',
          position: 0,
          title: 'First',
          audioUrl: null,
          waveform: null,
          isrc: '',
          metadata: {
            ...complete,
            socialClipsEnabled: true,
            socialClips: [clip, { ...clip, id: 'l', description: 'The chorus' }],
          },
        },
      ]),
    );
    expect(form.tracks[0]?.metadata.socialClips).toEqual([
      { ...clip, description: '' },
      { ...clip, id: 'l', description: 'The chorus' },
    ]);
  });
});

describe('the review check', () => {
  it('passes complete details', () => {
    expect(checkForReview(values({ title: 'One', isrc: 'GB-A1B-25-00042' }), '2026-11-21')).toEqual({
      errors: [],
      warnings: [],
    });
  });

  it('lists problems track by track with the submission form’s messages', () => {
    const check = checkForReview(
      values(
        { title: 'One', metadata: { ...complete, productionYear: '1800' } },
        { title: 'Two', isrc: 'XX', metadata: createDefaultTrackMetadata() },
      ),
      '2026-11-21',
    );
    expect(check.errors).toEqual([
      {
        field: 'tracks.0.metadata.productionYear',
        message: 'Track 1 "One" needs a production year between 1900 and 2026',
      },
      { field: 'tracks.1.isrc', message: ISRC_INVALID },
      { field: 'tracks.1.metadata.contributors', message: 'Track 2 "Two" needs contributors and roles' },
      { field: 'tracks.1.metadata.productionYear', message: 'Track 2 "Two" needs a production year' },
    ]);
  });

  it('warns about split totals other than 100% without an error', () => {
    const metadata: TrackMetadata = {
      ...complete,
      hasMasterSplit: true,
      masterSplits: [{ id: 's', contributorId: 'c-1', percentage: 60 }],
    };
    expect(checkForReview(values({ title: 'One', metadata }), '2026-11-21')).toEqual({
      errors: [],
      warnings: [{ field: 'tracks.0.metadata.masterSplits', message: formatSplitTotalWarning('One', 60) }],
    });
  });

  it('stops a draft only on clip times the API cannot store', () => {
    const metadata: TrackMetadata = {
      ...complete,
      socialClipsEnabled: true,
      socialClips: [{ id: 'k', startTime: '0:3', endTime: '00:30', status: 'pending' }],
    };
    expect(checkDraft(values({ title: 'One', isrc: 'XX', metadata: createDefaultTrackMetadata() }))).toEqual(
      [],
    );
    expect(checkDraft(values({ title: 'One', metadata }))).toEqual([
      { field: 'tracks.0.metadata.socialClips.0.startTime', message: formatClipTimeInvalid(1, 'start') },
    ]);
  });
});

describe('the status line', () => {
  it('says when the draft was saved, and when the details were submitted', () => {
    const now = new Date(2026, 10, 21, 18, 0);
    expect(formatDraftSaved(new Date(2026, 10, 21, 15, 4).toISOString(), now)).toBe('Draft saved at 3:04 PM');
    expect(formatDraftSaved(new Date(2026, 10, 2, 9, 30).toISOString(), now)).toBe(
      'Draft saved on Nov 2, 2026 at 9:30 AM',
    );
    expect(describeStatus({ status: 'not_started', updatedAt: null, submittedAt: null })).toBe(
      'Not started: nothing has been saved yet',
    );
    expect(
      describeStatus({
        status: 'submitted',
        updatedAt: null,
        submittedAt: new Date(2026, 10, 21, 15, 4).toISOString(),
      }),
    ).toBe('Submitted on Nov 21, 2026, 3:04 PM');
  });
});

describe('the server’s field problems', () => {
  it('reads the domain’s and the schema’s shapes as form paths', () => {
    const error = new ApiError(400, 'Invalid', {
      success: false,
      error: 'Invalid',
      details: [
        { field: 'tracks.0.isrc', message: ISRC_INVALID },
        { path: '/tracks/1/metadata/socialClips/0/startTime', message: 'Invalid string' },
        { nothing: true },
      ],
    });
    expect(readFieldErrors(error)).toEqual([
      { field: 'tracks.0.isrc', message: ISRC_INVALID },
      { field: 'tracks.1.metadata.socialClips.0.startTime', message: 'Invalid string' },
    ]);
    expect(readFieldErrors(new ApiError(409, 'Already submitted', { details: [] }))).toEqual([]);
    expect(readFieldErrors(new Error('offline'))).toEqual([]);
  });
});
