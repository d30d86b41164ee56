import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInForm } from '../../../../test/render-form';
import { StreamingProfileSection } from './streaming-profile-section';
import { describedText, inputValue, jsonResponse, requestUrl } from './test-helpers';

const artists = [
  'Lunar Tides',
  'Lunar Echo',
  'Luna Park',
  'Lunatic Choir',
  'Lunaria',
  'Lunar Sixth',
  'Lunar Seventh',
].map((name, index) => ({
  id: `artist${index}`,
  name,
  url: `https://open.spotify.com/artist/artist${index}`,
  image: `https://i.scdn.co/image/artist${index}`,
}));

function mockFetch(answer: (url: URL, init: RequestInit | undefined) => Response | Promise<Response>) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input, init) => answer(requestUrl(input as RequestInfo | URL), init));
}

function searchBox() {
  return screen.getByRole('searchbox', { name: 'Search for your artist name' });
}

function urlField() {
  return screen.getByRole('textbox', { name: 'Spotify artist URL' });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// The answers' schemas load with the first answer (api/spotify.ts); loaded here first, so the
// fake clock below times the search alone, not the module's arrival.
beforeAll(async () => {
  await import('../../../../api/spotify-schemas');
});

describe('StreamingProfileSection: search', { timeout: 15_000 }, () => {
  it('searches once the artist pauses for 300 ms, from 2 characters, and shows at most 5 results', async () => {
    // Keystrokes as change events under a fully fake clock: the pauses between them are exact,
    // whatever the machine's load (user-event's own waits need a real clock).
    vi.useFakeTimers();
    const fetch = mockFetch(() => jsonResponse({ artists, offline: true }));
    renderInForm(<StreamingProfileSection />);
    const search = searchBox();
    const typeInSearch = async (text: string, pauseMs: number) => {
      fireEvent.change(search, { target: { value: text } });
      await act(() => vi.advanceTimersByTimeAsync(pauseMs));
    };

    await typeInSearch('L', 1_000);
    expect(fetch).not.toHaveBeenCalled();

    await typeInSearch('Lu', 200);
    await typeInSearch('Lun', 299);
    expect(fetch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = requestUrl(fetch.mock.calls[0]?.[0] as RequestInfo);
    expect(url.pathname).toBe('/api/spotify/search/artists');
    expect(url.searchParams.get('q')).toBe('Lun');
    expect(url.searchParams.get('limit')).toBe('8');

    await act(() => vi.advanceTimersByTimeAsync(50));
    const list = screen.getByRole('list', { name: 'Select your profile:' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(artists.slice(0, 5).map((artist) => artist.name));
    expect(screen.getByText('Demo catalogue (offline)')).toBeTruthy();

    // Typing on: one more request for the settled text, none for the keystrokes in between.
    await typeInSearch('Luna', 100);
    await typeInSearch('Lunar', 100);
    await typeInSearch('Lunar T', 300);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(requestUrl(fetch.mock.calls[1]?.[0] as RequestInfo).searchParams.get('q')).toBe('Lunar T');
  });

  it('picking a result writes the artist name and profile URL and shows the connected profile', async () => {
    mockFetch(() => jsonResponse({ artists }));
    const user = userEvent.setup();
    const { getForm } = renderInForm(<StreamingProfileSection />, { values: { artistName: '' } });

    await user.type(searchBox(), 'Lunar');
    await user.click(await screen.findByRole('button', { name: 'Lunar Echo' }));

    expect(getForm().getValues('artistName')).toBe('Lunar Echo');
    expect(getForm().getValues('spotifyProfile')).toBe('https://open.spotify.com/artist/artist1');
    const card = screen.getByRole('status', { name: 'Connected: Lunar Echo' });
    expect(within(card).getByRole('link', { name: 'Open on Spotify' }).getAttribute('href')).toBe(
      'https://open.spotify.com/artist/artist1',
    );
    expect(screen.queryByRole('searchbox')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Change' }));
    expect(getForm().getValues('spotifyProfile')).toBe('');
    expect(inputValue(searchBox())).toBe('Lunar');
  });

  it('says so when no artist matches', async () => {
    mockFetch(() => jsonResponse({ artists: [] }));
    const user = userEvent.setup();
    renderInForm(<StreamingProfileSection />);

    await user.type(searchBox(), 'Qwzx');
    expect(await screen.findByText('No artists found')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("shows the server's words when the search fails", async () => {
    mockFetch(() => jsonResponse({ success: false, error: 'Search failed' }, 502));
    const user = userEvent.setup();
    renderInForm(<StreamingProfileSection />);

    await user.type(searchBox(), 'Lunar');
    expect((await screen.findByRole('alert')).textContent).toBe('Search failed');
  });
});

describe('StreamingProfileSection: paste URL', { timeout: 15_000 }, () => {
  it('checks the URL shape before asking the server, then shows the verified artist', async () => {
    const fetch = mockFetch(() =>
      jsonResponse({ valid: true, artistName: 'Lunar Tides', artistImage: 'https://i.scdn.co/image/x' }),
    );
    const user = userEvent.setup();
    const { getForm } = renderInForm(<StreamingProfileSection />);
    await user.click(screen.getByRole('tab', { name: 'Paste URL' }));
    const field = urlField();
    const verify = screen.getByRole('button', { name: 'Verify' });

    await user.click(verify);
    expect(describedText(field)).toBe('Please enter a Spotify artist URL');

    await user.click(field);
    await user.paste('https://open.spotify.com/track/abc');
    await user.click(verify);
    expect(describedText(field)).toBe('Please enter a valid Spotify artist URL');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(field);
    await user.paste('https://open.spotify.com/artist/abc123');
    expect(getForm().getValues('spotifyProfile')).toBe('https://open.spotify.com/artist/abc123');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    await user.click(verify);

    expect(await screen.findByRole('status', { name: 'Verified: Lunar Tides' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [input, init] = fetch.mock.calls[0] ?? [];
    expect(requestUrl(input as RequestInfo).pathname).toBe('/api/spotify/verify/artist');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ artistUrl: 'https://open.spotify.com/artist/abc123' });

    // Editing the URL resets the verification.
    await user.type(field, '4');
    expect(screen.queryByRole('status', { name: /Verified/ })).toBeNull();
  });

  it("shows 'Could not verify Spotify profile.' when the service does not know the artist", async () => {
    mockFetch(() => jsonResponse({ valid: false, error: 'Could not verify Spotify profile.' }));
    const user = userEvent.setup();
    renderInForm(<StreamingProfileSection />, {
      values: { spotifyProfile: 'https://open.spotify.com/artist/nobody' },
    });

    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await vi.waitFor(() => expect(describedText(urlField())).toBe('Could not verify Spotify profile.'));
    expect(urlField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('status', { name: /Verified/ })).toBeNull();

    await user.type(urlField(), 'x');
    expect(describedText(urlField())).not.toBe('Could not verify Spotify profile.');
  });

  it('shows the error text when the server cannot be reached', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    const user = userEvent.setup();
    renderInForm(<StreamingProfileSection />, {
      values: { spotifyProfile: 'https://open.spotify.com/artist/abc' },
    });

    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await vi.waitFor(() => expect(describedText(urlField())).toBe('Failed to connect to server'));
  });
});

describe('StreamingProfileSection: profile choice', { timeout: 15_000 }, () => {
  it('opens on the pasted link of a restored draft, and choosing new artist forgets it', async () => {
    const user = userEvent.setup();
    const { getForm } = renderInForm(<StreamingProfileSection />, {
      values: { spotifyProfile: 'https://open.spotify.com/artist/abc' },
    });
    expect(screen.getByRole('radio', { name: 'I have a Spotify artist profile' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('tab', { name: 'Paste URL' }).getAttribute('aria-selected')).toBe('true');
    expect(inputValue(urlField())).toBe('https://open.spotify.com/artist/abc');

    await user.click(screen.getByRole('radio', { name: "I'm a new artist (no profile yet)" }));

    expect(getForm().getValues('spotifyProfile')).toBe('');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Spotify artist URL' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'I have a Spotify artist profile' }));
    expect(inputValue(urlField())).toBe('');
  });
});
