import { describe, expect, it } from 'vitest';
import { identifySocialService, listSocialLinks } from './social-links';

describe('the label’s social links', () => {
  it.each([
    ['https://www.youtube.com/@nightjar', 'YouTube'],
    ['https://youtu.be/abc', 'YouTube'],
    ['https://music.youtube.com/channel/x', 'YouTube Music'],
    ['https://www.tiktok.com/@nightjar', 'TikTok'],
    ['https://open.spotify.com/artist/1', 'Spotify'],
    ['https://nightjar.bandcamp.com/', 'Bandcamp'],
    ['https://www.instagram.com/nightjar/', 'Instagram'],
    ['https://notyoutube.com/x', undefined],
    ['https://videos.nightjar.example/', undefined],
    ['not a url', undefined],
    ['https://user@WWW.YouTube.com:443/@nightjar', 'YouTube'],
    ['https://evil.example/?next=https://youtube.com', undefined],
  ])('%s is on %s', (href, service) => {
    expect(identifySocialService(href)).toBe(service);
  });

  it('lists only the configured links, in the spec’s order, named for people using screen readers', () => {
    expect(
      listSocialLinks('Nightjar', { photo: 'https://flickr.com/nightjar', video: ' ', music: undefined }),
    ).toEqual([
      {
        kind: 'photo',
        href: 'https://flickr.com/nightjar',
        service: 'Flickr',
        label: 'Nightjar on Flickr (opens in a new tab)',
      },
    ]);
    expect(listSocialLinks('Nightjar', {})).toEqual([]);
  });
});
