import type { ComponentType } from 'react';
import { type InitialEntry, useLocation } from 'react-router';
import { type ArtistProfileResponse, defaultPublicConfig, type Submission } from '../../../../domain';
import { renderPageAt } from '../../../test/render-page';

export { imageMappingFor, jpegVariantOf } from '../../../test/image-mapping-answer';
export { mockApi, type RecordedRequest } from '../../../test/mock-api';

/** Shows where a link led, so a test can follow one without the target page. */
function Landing() {
  const location = useLocation();
  return (
    <h1>
      Landed on {location.pathname}
      {location.search}
    </h1>
  );
}

/** An artist page at `path` (a route pattern), opened at `entry`, in the app's real providers. */
export function renderArtistPage(Page: ComponentType, path: string, entry: InitialEntry) {
  return renderPageAt(Page, path, entry, {
    config: { ...defaultPublicConfig, contactEmail: 'hello@label.example' },
    landing: Landing,
  });
}

export const ITEM_IDS = {
  pending: '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a10',
  inProgress: '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a11',
  approved: '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a12',
  live: '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a13',
  rejected: '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a14',
} as const;

/** A signed link as the API answers it: relative to the page's origin. */
const signed = (fileId: string, variant?: string) =>
  `/files/${fileId}${variant ? `/${variant}` : ''}?disposition=inline&expires=1900000000&signature=abcdefghijkl`;

export const ARTWORK_URL = signed('aaaaaaaa-0000-4000-8000-0000000000a1');
export const TRACK_URLS = [
  signed('aaaaaaaa-0000-4000-8000-0000000000b1'),
  signed('aaaaaaaa-0000-4000-8000-0000000000b2'),
];

/** A submission as GET /api/profile/submissions answers it: the tracks' links, then the artwork's. */
export function submission(overrides: Partial<Submission> = {}): Submission {
  return {
    itemId: ITEM_IDS.pending,
    releaseTitle: 'Paper Planes',
    releaseType: 'ep',
    releaseDate: '2027-03-05',
    status: 'pending',
    mediaLinks: [...TRACK_URLS, ARTWORK_URL],
    artworkUrl: ARTWORK_URL,
    createdAt: '2026-11-20T14:05:00.000Z',
    ...overrides,
  };
}

export type ProfileData = ArtistProfileResponse['profile'];

/** A half-filled profile: name, artist name, country, city, Instagram, website (45%). */
export function profile(overrides: Partial<ProfileData> = {}): ProfileData {
  return {
    userId: '9a1e2f7c-1111-4a2b-8c3d-5e6f7a8b9c0d',
    email: 'maya@example.com',
    name: 'Maya Rivers',
    artistName: 'Maya Rivers',
    country: 'United Kingdom',
    city: 'London',
    instagramProfile: 'https://instagram.com/mayarivers',
    website: 'https://mayarivers.example',
    status: 'active',
    profileCompleted: false,
    submissionCount: 5,
    hasSignedContract: false,
    completion: 45,
    ...overrides,
  };
}

/** Every weighted field filled: 100%. */
export function completeProfile(overrides: Partial<ProfileData> = {}): ProfileData {
  return profile({
    nationality: 'British',
    biography: 'Songs written on the night bus.',
    spotifyProfile: 'https://open.spotify.com/artist/1a2b3c4d5e6f7g8h9i0j1k',
    appleMusicProfile: 'https://music.apple.com/gb/artist/maya-rivers/123',
    soundcloudProfile: 'https://soundcloud.com/mayarivers',
    tiktokProfile: 'https://tiktok.com/@mayarivers',
    pplId: 'AB12345',
    prsId: '123456789',
    picture: signed('aaaaaaaa-0000-4000-8000-0000000000c1'),
    profileCompleted: true,
    completion: 100,
    ...overrides,
  });
}
