import { describe, expect, it } from 'vitest';
import {
  normaliseProfileLink,
  PPL_ID_INVALID,
  PRS_ID_INVALID,
  validateProfileUpdate,
} from './profile-validation';

describe('validateProfileUpdate', () => {
  it('accepts an empty profile and good links', () => {
    expect(validateProfileUpdate({})).toEqual([]);
    expect(
      validateProfileUpdate({
        spotifyProfile: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb',
        appleMusicProfile: 'https://music.apple.com/gb/artist/radiohead/657515',
        soundcloudProfile: 'soundcloud.com/nova',
        instagramProfile: 'https://www.instagram.com/nova',
        tiktokProfile: 'https://www.tiktok.com/@nova',
        website: 'nova.example',
        pplId: 'AB 12345',
        prsId: '00123456789',
      }),
    ).toEqual([]);
  });

  it('names the service a link must point at', () => {
    expect(
      validateProfileUpdate({ instagramProfile: 'https://example.com/nova', website: 'not a site' }),
    ).toEqual([
      {
        field: 'instagramProfile',
        message: 'Please enter a link to your Instagram profile (instagram.com/…)',
      },
      { field: 'website', message: 'Please enter a web address starting with https://' },
    ]);
    expect(validateProfileUpdate({ spotifyProfile: 'https://open.spotify.com/album/x' })).toEqual([
      { field: 'spotifyProfile', message: 'Please enter a valid Spotify artist URL' },
    ]);
  });

  it('checks PPL and PRS numbers loosely', () => {
    expect(validateProfileUpdate({ pplId: 'x!', prsId: '12345' })).toEqual([
      { field: 'pplId', message: PPL_ID_INVALID },
      { field: 'prsId', message: PRS_ID_INVALID },
    ]);
  });
});

describe('normaliseProfileLink', () => {
  it('adds https and refuses hosts of other services', () => {
    expect(normaliseProfileLink('tiktok.com/@nova', ['tiktok.com'])).toBe('https://tiktok.com/@nova');
    expect(normaliseProfileLink('https://eviltiktok.com/@nova', ['tiktok.com'])).toBeNull();
    expect(normaliseProfileLink('https://m.tiktok.com/@nova', ['tiktok.com'])).toBe(
      'https://m.tiktok.com/@nova',
    );
  });
});
