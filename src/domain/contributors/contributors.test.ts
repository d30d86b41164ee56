import { describe, expect, it } from 'vitest';
import { createDefaultTrackMetadata } from '../schemas/form-defaults';
import type { Contributor } from '../schemas/track';
import {
  canSaveContributor,
  chooseContributorList,
  hasContributors,
  removeContributor,
  saveContributor,
  validateContributor,
} from './contributor-dialog';
import { isValidSplitPercentage, sumSplitPercentages } from './master-splits';
import { ADD_CONTRIBUTOR_HINT } from './messages';
import { checkProductionYear } from './production-year';
import {
  addSocialClip,
  getClipLengthSeconds,
  parseClipTime,
  setMasterSplitEnabled,
  setSocialClipsEnabled,
} from './track-details';

const base: Contributor = {
  id: 'c1',
  firstName: 'Sam',
  surname: 'Reed',
  roles: ['Guitar'],
  isFeatured: false,
  isPrimaryArtist: false,
};

describe('contributor dialog', () => {
  it('can save a named person with a role', () => {
    expect(canSaveContributor(base)).toBe(true);
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ surname: ' ' }, 'surname', 'Last name is required'],
    [{ roles: [] }, 'roles', 'Select at least one role'],
    [{ email: 'sam@' }, 'email', 'Please enter a valid email address'],
    [{ isPrimaryArtist: true }, 'spotifyUrl', 'Please enter a Spotify artist URL'],
    [
      { isPrimaryArtist: true, spotifyUrl: 'spotify.com/sam' },
      'spotifyUrl',
      'Please enter a valid Spotify artist URL',
    ],
  ])('%j keeps Save disabled (%s: %s)', (change, field, message) => {
    const draft = { ...base, ...change } as Contributor;
    expect(validateContributor(draft)).toEqual([{ field, message }]);
    expect(canSaveContributor(draft)).toBe(false);
  });

  it('accepts a primary artist with a Spotify artist URL and no e-mail', () => {
    expect(
      canSaveContributor({ ...base, isPrimaryArtist: true, spotifyUrl: 'https://open.spotify.com/artist/x' }),
    ).toBe(true);
  });

  it.each([
    [{ isFeatured: true, roles: ['Producer'] }, 'featuredArtists'],
    [{ isFeatured: false, roles: ['Vocals', 'Producer'] }, 'producers'],
    [{ isFeatured: false, roles: ['Vocals'] }, 'nonFeaturedArtists'],
  ] as const)('%j goes to %s', (change, list) => {
    expect(chooseContributorList({ ...base, ...change, roles: [...change.roles] })).toBe(list);
  });

  it('moves a contributor between lists on edit and keeps position otherwise', () => {
    let metadata = createDefaultTrackMetadata();
    metadata = saveContributor(metadata, base);
    metadata = saveContributor(metadata, { ...base, id: 'c2', firstName: 'Kim' });
    expect(metadata.nonFeaturedArtists.map((c) => c.id)).toEqual(['c1', 'c2']);
    metadata = saveContributor(metadata, { ...base, firstName: 'Samuel' });
    expect(metadata.nonFeaturedArtists.map((c) => c.firstName)).toEqual(['Samuel', 'Kim']);
    metadata = saveContributor(metadata, { ...base, isFeatured: true });
    expect(metadata.nonFeaturedArtists.map((c) => c.id)).toEqual(['c2']);
    expect(metadata.featuredArtists.map((c) => c.id)).toEqual(['c1']);
    metadata = removeContributor(metadata, 'c1');
    expect(metadata.featuredArtists).toEqual([]);
  });

  it('keeps the Spotify URL only for a primary artist', () => {
    const saved = saveContributor(createDefaultTrackMetadata(), {
      ...base,
      spotifyUrl: 'https://open.spotify.com/artist/x',
    });
    expect(saved.nonFeaturedArtists[0]).not.toHaveProperty('spotifyUrl');
  });

  it('counts solo work or anyone in a list as contributors', () => {
    expect(hasContributors(undefined)).toBe(false);
    expect(hasContributors(createDefaultTrackMetadata())).toBe(false);
    expect(hasContributors({ ...createDefaultTrackMetadata(), soloWork: true })).toBe(true);
    expect(ADD_CONTRIBUTOR_HINT).toBe('Add at least one person who worked on this track.');
  });
});

describe('split percentages', () => {
  it.each([
    [0, false],
    [0.05, false],
    [0.1, true],
    [50, true],
    [100, true],
    [100.1, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%d percent is valid: %s', (percentage, expected) => {
    expect(isValidSplitPercentage(percentage)).toBe(expected);
  });

  it('shows the total without capping it', () => {
    expect(sumSplitPercentages([{ percentage: 33.3 }, { percentage: 33.3 }, { percentage: 33.4 }])).toBe(100);
    expect(sumSplitPercentages([{ percentage: 80 }, { percentage: 70 }])).toBe(150);
  });
});

describe('production year', () => {
  it.each([
    ['', 'missing'],
    [' ', 'missing'],
    [undefined, 'missing'],
    ['1899', 'out-of-range'],
    ['1900', 'ok'],
    [2026, 'ok'],
    ['2027', 'out-of-range'],
    ['19a0', 'out-of-range'],
  ])('%j against 2026 is %s', (value, expected) => {
    expect(checkProductionYear(value, '2026-06-01')).toBe(expected);
  });
});

describe('track detail toggles and social clips', () => {
  it('turning master splits off clears them', () => {
    const on = { hasMasterSplit: true, masterSplits: [{ id: 's', contributorId: 'c', percentage: 100 }] };
    expect(setMasterSplitEnabled(on, false)).toEqual({ hasMasterSplit: false, masterSplits: [] });
  });

  it('turning clips on adds one default clip 00:00 to 00:30, off clears them', () => {
    const on = setSocialClipsEnabled({ socialClipsEnabled: false, socialClips: [] }, true, 'clip-1');
    expect(on.socialClips).toEqual([{ id: 'clip-1', startTime: '00:00', endTime: '00:30', status: 'Ready' }]);
    expect(setSocialClipsEnabled(on, false, 'x')).toEqual({ socialClipsEnabled: false, socialClips: [] });
  });

  it('allows at most 2 clips', () => {
    let clips = addSocialClip([], 'a');
    clips = addSocialClip(clips, 'b');
    clips = addSocialClip(clips, 'c');
    expect(clips.map((c) => c.id)).toEqual(['a', 'b']);
  });

  it.each([
    ['00:00', '00:30', 30],
    ['01:15', '02:00', 45],
    ['00:30', '00:10', -20],
    ['0:61', '01:00', null],
    ['abc', '00:30', null],
  ])('a clip from %s to %s lasts %j seconds', (startTime, endTime, expected) => {
    expect(getClipLengthSeconds({ startTime, endTime })).toBe(expected);
  });

  it('reads mm:ss', () => {
    expect(parseClipTime('10:05')).toBe(605);
  });
});
