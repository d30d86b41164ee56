import type { PublicConfig } from './public-config';

/**
 * The label's social links in the footer (spec 001 §2: video, music streaming, photo sharing),
 * from the installation's configuration (`SOCIAL_VIDEO_URL`, `SOCIAL_MUSIC_URL`,
 * `SOCIAL_PHOTO_URL`). Only the configured ones are shown: Imprint cannot know a label's accounts,
 * and a made-up default would send artists to someone else's. Each link is named after the
 * service its address is on, so a label whose "video" link is on TikTok is not shown a YouTube
 * logo. Loaded before the first paint (the footer): no zod here.
 */

export type SocialKind = 'video' | 'music' | 'photo';

export interface SocialLink {
  kind: SocialKind;
  href: string;
  /** The service the address is on, when Imprint knows it ('YouTube', 'Spotify', ...). */
  service: string | undefined;
  /** The link's accessible name: what it leads to, and that it opens in a new tab. */
  label: string;
}

/** Host (or a parent domain of it) → the service's name; the more specific host first. */
const SERVICES: readonly (readonly [string, string])[] = [
  ['music.youtube.com', 'YouTube Music'],
  ['youtube.com', 'YouTube'],
  ['youtu.be', 'YouTube'],
  ['vimeo.com', 'Vimeo'],
  ['tiktok.com', 'TikTok'],
  ['twitch.tv', 'Twitch'],
  ['spotify.com', 'Spotify'],
  ['music.apple.com', 'Apple Music'],
  ['soundcloud.com', 'SoundCloud'],
  ['bandcamp.com', 'Bandcamp'],
  ['deezer.com', 'Deezer'],
  ['tidal.com', 'TIDAL'],
  ['instagram.com', 'Instagram'],
  ['flickr.com', 'Flickr'],
  ['pinterest.com', 'Pinterest'],
  ['facebook.com', 'Facebook'],
];

/** The host of an absolute http(s) address, lower-cased, without user info or port. */
function hostOf(href: string): string | undefined {
  // No URL class here: the domain is type-checked without DOM or Node types.
  const authority = /^https?:\/\/([^/?#]+)/i.exec(href.trim())?.[1];
  const host = authority
    ?.slice(authority.lastIndexOf('@') + 1)
    .replace(/:\d*$/, '')
    .toLowerCase();
  return host || undefined;
}

/** The service a link's address is on, if Imprint knows it. */
export function identifySocialService(href: string): string | undefined {
  const host = hostOf(href);
  if (!host) return undefined;
  return SERVICES.find(([domain]) => host === domain || host.endsWith(`.${domain}`))?.[1];
}

const KIND_WORDS: Record<SocialKind, (labelName: string) => string> = {
  video: (labelName) => `${labelName} videos`,
  music: (labelName) => `${labelName} on music streaming`,
  photo: (labelName) => `${labelName} photos`,
};

export const OPENS_IN_NEW_TAB = '(opens in a new tab)';

/** The configured links, in the spec's order: video, music streaming, photo sharing. */
export function listSocialLinks(labelName: string, social: PublicConfig['social']): SocialLink[] {
  const kinds: SocialKind[] = ['video', 'music', 'photo'];
  return kinds.flatMap((kind) => {
    const href = social[kind]?.trim();
    if (!href) return [];
    const service = identifySocialService(href);
    const name = service ? `${labelName} on ${service}` : KIND_WORDS[kind](labelName);
    return [{ kind, href, service, label: `${name} ${OPENS_IN_NEW_TAB}` }];
  });
}
