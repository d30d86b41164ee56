import type { FieldError } from '../common/field-error';
import { parseSpotifyArtistUrl } from '../spotify/spotify-url';

/**
 * The edit-profile form's checks: the streaming and social profiles must be links to
 * the right service, the website any web address; PPL and PRS numbers are checked loosely, since
 * their formats vary (a PPL ID is a few letters and digits, a PRS/CAE/IPI number 9-11 digits), so
 * only what cannot be one is refused. Empty fields are fine: the profile is filled in over time.
 */

/** The artist's own profile text fields besides the name (spec 000 §3), in the form's order. */
export const PROFILE_TEXT_FIELDS = [
  'artistName',
  'nationality',
  'country',
  'city',
  'biography',
  'spotifyProfile',
  'appleMusicProfile',
  'soundcloudProfile',
  'instagramProfile',
  'tiktokProfile',
  'website',
  'pplId',
  'prsId',
] as const;
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];

export interface ProfileLinkRule {
  field: ProfileLinkField;
  label: string;
  /** Host names the link may point at (subdomains included). Empty: any host. */
  hosts: readonly string[];
}

export type ProfileLinkField =
  | 'spotifyProfile'
  | 'appleMusicProfile'
  | 'soundcloudProfile'
  | 'instagramProfile'
  | 'tiktokProfile'
  | 'website';

export const PROFILE_LINK_RULES: readonly ProfileLinkRule[] = [
  { field: 'spotifyProfile', label: 'Spotify', hosts: ['open.spotify.com'] },
  { field: 'appleMusicProfile', label: 'Apple Music', hosts: ['music.apple.com'] },
  { field: 'soundcloudProfile', label: 'SoundCloud', hosts: ['soundcloud.com'] },
  { field: 'instagramProfile', label: 'Instagram', hosts: ['instagram.com'] },
  { field: 'tiktokProfile', label: 'TikTok', hosts: ['tiktok.com'] },
  { field: 'website', label: 'Website', hosts: [] },
];

export function formatProfileLinkInvalid(rule: ProfileLinkRule): string {
  return rule.hosts.length === 0
    ? 'Please enter a web address starting with https://'
    : `Please enter a link to your ${rule.label} profile (${rule.hosts[0]}/…)`;
}

export const PPL_ID_INVALID = 'A PPL ID is letters and digits, for example 1234567 or AB12345';
export const PRS_ID_INVALID = 'A PRS number (CAE/IPI) is 9 to 11 digits';

/** A web address with http(s), optionally on one of `hosts`; a missing scheme is assumed https. */
export function normaliseProfileLink(value: string, hosts: readonly string[]): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  // No URL global here (the domain runs without DOM or Node types): scheme, host, rest by hand.
  const match = /^(?:(https?):\/\/)?([^/?#:@]+)(:\d{1,5})?([/?#].*)?$/i.exec(trimmed);
  if (!match) return null;
  const scheme = (match[1] ?? 'https').toLowerCase();
  const hostname = (match[2] ?? '').toLowerCase();
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(hostname)) return null;
  const host = hostname.replace(/^www\./, '');
  if (hosts.length > 0 && !hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`)))
    return null;
  return `${scheme}://${hostname}${match[3] ?? ''}${match[4] ?? '/'}`;
}

const PPL_ID = /^[A-Z0-9]{4,12}$/i;
const PRS_ID = /^\d{9,11}$/;

export interface ProfileLinksInput {
  spotifyProfile?: string | undefined;
  appleMusicProfile?: string | undefined;
  soundcloudProfile?: string | undefined;
  instagramProfile?: string | undefined;
  tiktokProfile?: string | undefined;
  website?: string | undefined;
  pplId?: string | undefined;
  prsId?: string | undefined;
}

export function validateProfileUpdate(profile: ProfileLinksInput): FieldError[] {
  const errors: FieldError[] = [];
  for (const rule of PROFILE_LINK_RULES) {
    const value = profile[rule.field]?.trim() ?? '';
    if (value === '') continue;
    const valid =
      rule.field === 'spotifyProfile'
        ? parseSpotifyArtistUrl(value).ok
        : normaliseProfileLink(value, rule.hosts) !== null;
    if (!valid) {
      errors.push({
        field: rule.field,
        message:
          rule.field === 'spotifyProfile'
            ? 'Please enter a valid Spotify artist URL'
            : formatProfileLinkInvalid(rule),
      });
    }
  }
  const ppl = profile.pplId?.replace(/[\s-]/g, '') ?? '';
  if (ppl !== '' && !PPL_ID.test(ppl)) errors.push({ field: 'pplId', message: PPL_ID_INVALID });
  const prs = profile.prsId?.replace(/[\s-]/g, '') ?? '';
  if (prs !== '' && !PRS_ID.test(prs)) errors.push({ field: 'prsId', message: PRS_ID_INVALID });
  return errors;
}
