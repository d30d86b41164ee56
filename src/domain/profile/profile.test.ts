import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CompletionInput,
  computeProfileCompletion,
  getDisplayName,
  getProfileBarColour,
  getProfileButtonLabel,
  PROFILE_COMPLETION_WEIGHTS,
} from './profile-completion';

describe('profile completion', () => {
  it.each([
    ['name', 10],
    ['artistName', 10],
    ['nationality', 10],
    ['biography', 10],
    ['country', 5],
    ['city', 5],
    ['spotifyProfile', 10],
    ['appleMusicProfile', 5],
    ['soundcloudProfile', 5],
    ['instagramProfile', 5],
    ['website', 10],
    ['pplId', 8],
    ['prsId', 8],
    ['tiktokProfile', 0],
  ])('%s alone counts %i (rounded)', (field, expected) => {
    expect(computeProfileCompletion({ [field]: 'x' })).toBe(expected);
  });

  it('adds the weights: PPL and PRS together make 15', () => {
    expect(computeProfileCompletion({ pplId: 'a', prsId: 'b' })).toBe(15);
  });

  it('ignores blank values after trimming', () => {
    expect(computeProfileCompletion({ name: '   ', website: '\n' })).toBe(0);
  });

  it('is 100 when every weighted field is filled', () => {
    const all = Object.fromEntries(Object.keys(PROFILE_COMPLETION_WEIGHTS).map((k) => [k, 'x']));
    expect(computeProfileCompletion(all)).toBe(100);
  });

  it('is always a whole number from 0 to 100 (property)', () => {
    const fields = Object.keys(PROFILE_COMPLETION_WEIGHTS);
    const profile = fc.dictionary(fc.constantFrom(...fields), fc.option(fc.string(), { nil: undefined }));
    fc.assert(
      fc.property(profile, (p) => {
        const completion = computeProfileCompletion(p as CompletionInput);
        expect(Number.isInteger(completion)).toBe(true);
        expect(completion).toBeGreaterThanOrEqual(0);
        expect(completion).toBeLessThanOrEqual(100);
      }),
    );
  });

  it.each([
    [0, 'Complete Profile', 'primary'],
    [99, 'Complete Profile', 'primary'],
    [100, 'Edit Profile', 'success'],
  ])('at %i%% the button reads %j and the bar is %s', (completion, label, colour) => {
    expect(getProfileButtonLabel(completion)).toBe(label);
    expect(getProfileBarColour(completion)).toBe(colour);
  });

  it.each([
    [{ artistName: 'Nova', name: 'Ada' }, 'Nova'],
    [{ artistName: ' ', name: 'Ada' }, 'Ada'],
    [{}, 'User'],
  ])('the header shows %j as %j', (user, expected) => {
    expect(getDisplayName(user)).toBe(expected);
  });
});
