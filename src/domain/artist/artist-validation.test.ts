import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeCountry,
  chooseNewArtist,
  isCityEnabled,
  setNoInstagram,
  setNoTikTok,
} from './artist-form-changes';
import { type ArtistDetailsInput, validateArtistDetails } from './artist-validation';
import { validateWaitingList } from './waiting-list-validation';

const valid: ArtistDetailsInput = {
  firstName: 'Ada',
  surname: 'Lane',
  email: 'ada@example.com',
  artistName: 'Nova Lane',
  country: 'United Kingdom',
  city: 'Bristol',
  instagramProfile: 'https://instagram.com/novalane',
  tiktokProfile: 'https://www.tiktok.com/@novalane',
  noInstagram: false,
  noTikTok: false,
};

describe('artist details (step 1)', () => {
  it('accepts a complete form', () => {
    expect(validateArtistDetails(valid)).toEqual({ errors: [] });
  });

  it.each([
    [{ firstName: ' ' }, 'firstName', 'First name is required'],
    [{ surname: '' }, 'surname', 'Surname is required'],
    [{ artistName: '' }, 'artistName', 'Artist name is required'],
    [{ country: '' }, 'country', 'Country is required'],
    [{ city: '' }, 'city', 'City is required'],
    [{ instagramProfile: '' }, 'instagramProfile', 'Instagram profile is required'],
    [{ tiktokProfile: '' }, 'tiktokProfile', 'TikTok profile is required'],
    [{ instagramProfile: 'novalane' }, 'instagramProfile', 'Please include instagram.com/ in the URL'],
    [
      { instagramProfile: 'https://instagram.com' },
      'instagramProfile',
      'Please include instagram.com/ in the URL',
    ],
    [{ tiktokProfile: '@novalane' }, 'tiktokProfile', 'Please include tiktok.com/ in the URL'],
  ])('%j gives %s: %s', (change, field, message) => {
    const result = validateArtistDetails({ ...valid, ...change });
    expect(result.errors).toEqual([{ field, message }]);
    expect(result.stepMessage).toBe('Please fill in all required fields: Artist Name, Country, and City');
  });

  it.each([
    ['', 'Email is required'],
    ['ada', 'Please enter a valid email address'],
    ['ada@example', 'Please enter a valid email address'],
    ['ada @example.com', 'Please enter a valid email address'],
  ])('e-mail %j gives %j and the e-mail banner', (email, message) => {
    const result = validateArtistDetails({ ...valid, email });
    expect(result.errors).toEqual([{ field: 'email', message }]);
    expect(result.stepMessage).toBe('Please provide a valid email address');
  });

  it('accepts the host in any letter case', () => {
    expect(validateArtistDetails({ ...valid, instagramProfile: 'Instagram.com/nova' }).errors).toEqual([]);
  });

  it('does not require a profile whose "I don\'t have ..." box is ticked', () => {
    const form = { ...valid, instagramProfile: '', tiktokProfile: '', noInstagram: true, noTikTok: true };
    expect(validateArtistDetails(form).errors).toEqual([]);
  });

  it('lists the errors in page order so the first one is the one to scroll to', () => {
    const result = validateArtistDetails({ ...valid, firstName: '', city: '', email: 'x' });
    expect(result.errors.map((e) => e.field)).toEqual(['firstName', 'email', 'city']);
  });

  it('never reports a field that is valid (property)', () => {
    const corruptions: Record<string, Partial<ArtistDetailsInput>[]> = {
      firstName: [{ firstName: '' }],
      surname: [{ surname: '  ' }],
      email: [{ email: '' }, { email: 'not-an-email' }],
      artistName: [{ artistName: '' }],
      instagramProfile: [{ instagramProfile: '' }, { instagramProfile: 'facebook.com/nova' }],
      tiktokProfile: [{ tiktokProfile: '' }, { tiktokProfile: 'nova' }],
      country: [{ country: '' }],
      city: [{ city: '' }],
    };
    const fields = Object.keys(corruptions);
    fc.assert(
      fc.property(
        fc.subarray(fields),
        fc.nat(),
        fc.boolean(),
        fc.boolean(),
        (broken, pick, noInstagram, noTikTok) => {
          const form: ArtistDetailsInput = { ...valid, noInstagram, noTikTok };
          for (const field of broken) {
            const options = corruptions[field] ?? [];
            Object.assign(form, options[pick % options.length]);
          }
          const reported = validateArtistDetails(form).errors.map((e) => e.field);
          for (const field of reported) expect(broken).toContain(field);
        },
      ),
    );
  });
});

describe('artist form couplings', () => {
  it('clears the city when the country changes', () => {
    expect(changeCountry({ country: 'France', city: 'Paris' }, 'Germany')).toEqual({
      country: 'Germany',
      city: '',
    });
    expect(changeCountry({ country: 'France', city: 'Paris' }, 'France').city).toBe('Paris');
  });

  it('disables the city until a country is chosen', () => {
    expect(isCityEnabled({ country: '' })).toBe(false);
    expect(isCityEnabled({ country: 'France' })).toBe(true);
  });

  it('clears a profile when its "I don\'t have ..." box is ticked', () => {
    expect(setNoInstagram({ noInstagram: false, instagramProfile: 'instagram.com/a' }, true)).toEqual({
      noInstagram: true,
      instagramProfile: '',
    });
    expect(setNoTikTok({ noTikTok: false, tiktokProfile: 'tiktok.com/@a' }, true)).toEqual({
      noTikTok: true,
      tiktokProfile: '',
    });
  });

  it('forgets the streaming profile for a new artist', () => {
    expect(chooseNewArtist({ spotifyProfile: 'https://open.spotify.com/artist/x' }).spotifyProfile).toBe('');
  });
});

describe('waiting list', () => {
  const entry = {
    firstName: 'Ada',
    surname: 'Lane',
    email: 'ada@example.com',
    artistName: 'Nova',
    country: 'Ireland',
    city: 'Cork',
    listenLink: 'https://soundcloud.com/nova/latest',
  };

  it('accepts a complete entry without a project description', () => {
    expect(validateWaitingList(entry)).toEqual({ errors: [] });
  });

  it('requires a listen link', () => {
    expect(validateWaitingList({ ...entry, listenLink: ' ' })).toEqual({
      errors: [{ field: 'listenLink', message: 'Please provide a listen link for your latest project.' }],
      stepMessage: 'Please provide a listen link for your latest project.',
    });
  });

  it('lists the missing required fields in the alert', () => {
    const result = validateWaitingList({ ...entry, firstName: '', country: '', city: '' });
    expect(result.stepMessage).toBe(
      'Please fill in the following required fields: First Name, Country, City',
    );
    expect(result.errors.map((e) => e.field)).toEqual(['firstName', 'country', 'city']);
  });
});
