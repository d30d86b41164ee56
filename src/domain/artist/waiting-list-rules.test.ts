import { describe, expect, it } from 'vitest';
import { createDefaultArtistForm } from '../schemas/form-defaults';
import {
  buildWaitingListPayload,
  formatWaitingListRateLimited,
  normaliseWaitingListEntry,
  WAITING_LIST_SUCCESS_MESSAGE,
} from './waiting-list-rules';

describe('waiting-list entry', () => {
  it('promises 7-10 days, not the thank-you page promise', () => {
    expect(WAITING_LIST_SUCCESS_MESSAGE).toContain('7-10 days');
  });

  it('trims the text, lower-cases the address and leaves blank optional fields out', () => {
    expect(
      normaliseWaitingListEntry({
        firstName: ' Ada ',
        surname: 'Lane',
        artistName: ' Nova ',
        email: '  Ada.Lane@Example.COM ',
        phone: '  ',
        country: 'Ireland',
        city: ' Cork',
        instagramProfile: ' https://instagram.com/nova ',
        tiktokProfile: '',
        listenLink: ' https://soundcloud.com/nova/latest ',
        projectDescription: '\n',
      }),
    ).toEqual({
      firstName: 'Ada',
      surname: 'Lane',
      artistName: 'Nova',
      email: 'ada.lane@example.com',
      country: 'Ireland',
      city: 'Cork',
      instagramProfile: 'https://instagram.com/nova',
      listenLink: 'https://soundcloud.com/nova/latest',
    });
  });

  it('builds the request body from the step-1 form, without a profile the artist says they lack', () => {
    const payload = buildWaitingListPayload({
      ...createDefaultArtistForm(),
      firstName: 'Ada',
      surname: 'Lane',
      email: 'ada@example.com',
      artistName: 'Nova',
      country: 'Ireland',
      city: 'Cork',
      instagramProfile: 'https://instagram.com/left-over',
      noInstagram: true,
      tiktokProfile: 'https://tiktok.com/@nova',
      spotifyProfile: 'https://open.spotify.com/artist/abc',
      listenLink: 'https://soundcloud.com/nova/latest',
      projectDescription: 'An EP about the sea.',
    });
    expect(payload).toEqual({
      artistData: {
        firstName: 'Ada',
        surname: 'Lane',
        email: 'ada@example.com',
        artistName: 'Nova',
        country: 'Ireland',
        city: 'Cork',
        tiktokProfile: 'https://tiktok.com/@nova',
        spotifyProfile: 'https://open.spotify.com/artist/abc',
        listenLink: 'https://soundcloud.com/nova/latest',
        projectDescription: 'An EP about the sea.',
      },
    });
  });

  it('words the rate limit in whole minutes', () => {
    expect(formatWaitingListRateLimited(30)).toBe(
      'Too many waiting-list requests from your network. Try again in 1 minute.',
    );
    expect(formatWaitingListRateLimited(3599)).toBe(
      'Too many waiting-list requests from your network. Try again in 60 minutes.',
    );
  });
});
