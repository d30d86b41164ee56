import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadResult } from '../../../domain';
import { startUpload } from '../../upload/start-upload';
import {
  mockApi,
  type ProfileData,
  profile,
  type RecordedRequest,
  renderArtistPage,
} from './common/artist-test-helpers';
import { EditProfilePage } from './edit-profile-page';

// The upload service has its own tests against the real server; here it answers at once. The page
// loads it on the first upload (upload/lazy-start.ts), from this module.
vi.mock('../../upload/start-upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../upload/start-upload')>()),
  startUpload: vi.fn(),
}));

const PICTURE_ID = 'aaaaaaaa-0000-4000-8000-0000000000d1';

beforeEach(() => {
  vi.mocked(startUpload).mockImplementation((_file, _input, options) => {
    options?.onProgress?.({
      phase: 'uploading',
      percent: 50,
      bytesSent: 1,
      bytesTotal: 2,
      method: 'standard',
      timeRemainingText: '',
    });
    const result: UploadResult = { success: true, fileId: PICTURE_ID, url: '/files/x' };
    return { promise: Promise.resolve(result), cancel: () => {} };
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(startUpload).mockReset();
});

type Put = (request: RecordedRequest) => { status: number; body: unknown };

type MailPreferences = { kind: 'reminders'; enabled: boolean; turnedOffAt: string | null }[];

/** `/api/me/mail-preferences` as the server answers it: the artist's reminders, switched by PUT. */
function mailPreferencesAnswer(request: RecordedRequest, preferences: MailPreferences) {
  if (request.method === 'PUT') {
    const { enabled } = request.body as { enabled: boolean };
    preferences[0] = { kind: 'reminders', enabled, turnedOffAt: enabled ? null : '2031-03-12T08:00:00.000Z' };
  }
  return { status: 200, body: { success: true, email: 'maya@example.com', preferences } };
}

function serve(options: { profile?: ProfileData; put?: Put; mail?: MailPreferences } = {}) {
  const current = options.profile ?? profile();
  const mail: MailPreferences = options.mail ?? [{ kind: 'reminders', enabled: true, turnedOffAt: null }];
  return mockApi((request) => {
    if (request.url.pathname === '/api/me/mail-preferences') return mailPreferencesAnswer(request, mail);
    if (request.url.pathname !== '/api/artist/profile') return { status: 404, body: { success: false } };
    if (request.method === 'PUT') {
      return (
        options.put?.(request) ?? {
          status: 200,
          body: { success: true, profile: { ...current, ...(request.body as object), completion: 100 } },
        }
      );
    }
    return { status: 200, body: { success: true, profile: current } };
  });
}

async function open(options: Parameters<typeof serve>[0] = {}) {
  const api = serve(options);
  const view = renderArtistPage(EditProfilePage, '/edit-profile', '/edit-profile');
  await screen.findByRole('form', { name: 'Your profile' });
  return { api, ...view };
}

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

/** What the field says under it: its message, or its hint. */
function helperOf(label: string): string | null | undefined {
  const input = field(label);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
}

function completion(): string | null {
  return screen.getByRole('progressbar', { name: 'Profile completion' }).getAttribute('aria-valuenow');
}

describe('the edit-profile form', () => {
  it('opens with every field of the profile filled in', async () => {
    await open({
      profile: profile({ nationality: 'British', pplId: 'AB12345', biography: 'Night bus songs.' }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeTruthy();
    expect(field('Name').value).toBe('Maya Rivers');
    expect(field('Artist name').value).toBe('Maya Rivers');
    expect(field('Nationality').value).toBe('British');
    expect(field('Country').value).toBe('United Kingdom');
    expect(field('City').value).toBe('London');
    expect(field('Biography').value).toBe('Night bus songs.');
    expect(field('Spotify profile').value).toBe('');
    expect(field('Apple Music profile').value).toBe('');
    expect(field('SoundCloud profile').value).toBe('');
    expect(field('Instagram profile').value).toBe('https://instagram.com/mayarivers');
    expect(field('TikTok profile').value).toBe('');
    expect(field('Website').value).toBe('https://mayarivers.example');
    expect(field('PPL ID').value).toBe('AB12345');
    expect(field('PRS ID').value).toBe('');
    for (const section of ['Profile picture', 'About you', 'Links', 'Music Rights']) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeTruthy();
    }
  });

  it('shows skeletons while the profile loads', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
    const { container } = renderArtistPage(EditProfilePage, '/edit-profile', '/edit-profile');
    expect(screen.getByRole('status').textContent).toContain('Loading your profile...');
    expect(container.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(3);
  });

  it('updates the completion as fields are filled, and turns green at 100%', async () => {
    await open();
    // name, artist name, country, city, Instagram, website
    expect(completion()).toBe('45');
    expect(screen.getByText('Nationality +10%')).toBeTruthy();

    await userEvent.type(field('Nationality'), 'Brit');
    expect(completion()).toBe('55');
    expect(screen.queryByText('Nationality +10%')).toBeNull();

    const rest: [string, string][] = [
      ['Biography', 'Songs written on the night bus.'],
      ['Spotify profile', 'https://open.spotify.com/artist/1a2b3c4d5e6f7g8h9i0j1k'],
      ['Apple Music profile', 'https://music.apple.com/gb/artist/maya-rivers/123'],
      ['SoundCloud profile', 'https://soundcloud.com/mayarivers'],
      ['PPL ID', 'AB12345'],
      ['PRS ID', '123456789'],
    ];
    for (const [label, value] of rest) fireEvent.change(field(label), { target: { value } });
    await waitFor(() => expect(completion()).toBe('100'));
    const bar = screen.getByRole('progressbar', { name: 'Profile completion' });
    expect(bar.className).toContain('MuiLinearProgress-colorSuccess');
    expect(screen.getByText('Your profile is complete.')).toBeTruthy();

    // Emptying a field (spaces count as empty) takes its weight off again.
    fireEvent.change(field('Website'), { target: { value: '   ' } });
    await waitFor(() => expect(completion()).toBe('90'));
    expect(bar.className).toContain('MuiLinearProgress-colorPrimary');
  });

  it("checks a field when it is left, with the domain's message under it", async () => {
    await open();
    const spotify = field('Spotify profile');
    await userEvent.type(spotify, 'my sp');
    // Not while typing…
    expect(spotify.getAttribute('aria-invalid')).toBe('false');
    await userEvent.tab();
    // …but once the field is left.
    expect(helperOf('Spotify profile')).toBe('Please enter a valid Spotify artist URL');
    expect(spotify.getAttribute('aria-invalid')).toBe('true');
    // Other fields say nothing until they are visited.
    expect(helperOf('Instagram profile')).toBe('https://instagram.com/…');

    // Fixing it clears the message as the artist types, before leaving the field.
    fireEvent.change(spotify, {
      target: { value: 'https://open.spotify.com/artist/1a2b3c4d5e6f7g8h9i0j1k' },
    });
    await waitFor(() => expect(spotify.getAttribute('aria-invalid')).toBe('false'));
    expect(helperOf('Spotify profile')).toBe('Your Spotify artist page: https://open.spotify.com/artist/…');
  });

  it('refuses to save with problems: every message under its field, and nothing sent', async () => {
    const { api } = await open();
    fireEvent.change(field('Instagram profile'), { target: { value: 'https://tiktok.com/@maya' } });
    fireEvent.change(field('Website'), { target: { value: 'not a site' } });
    fireEvent.change(field('PPL ID'), { target: { value: '12' } });
    fireEvent.change(field('PRS ID'), { target: { value: '12345' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() =>
      expect(helperOf('Instagram profile')).toBe(
        'Please enter a link to your Instagram profile (instagram.com/…)',
      ),
    );
    expect(helperOf('Website')).toBe('Please enter a web address starting with https://');
    expect(helperOf('PPL ID')).toBe('A PPL ID is letters and digits, for example 1234567 or AB12345');
    expect(helperOf('PRS ID')).toBe('A PRS number (CAE/IPI) is 9 to 11 digits');
    // The first problem gets the focus.
    expect(document.activeElement).toBe(field('Instagram profile'));
    expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('saves every field trimmed and goes back to the dashboard', async () => {
    const { api, router } = await open();
    await userEvent.type(field('Nationality'), '  British ');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Landed on /dashboard' })).toBeTruthy();
    expect(router.state.location.state).toEqual({ profileSaved: true });
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Maya Rivers',
      artistName: 'Maya Rivers',
      nationality: 'British',
      country: 'United Kingdom',
      city: 'London',
      biography: '',
      spotifyProfile: '',
      appleMusicProfile: '',
      soundcloudProfile: '',
      instagramProfile: 'https://instagram.com/mayarivers',
      tiktokProfile: '',
      website: 'https://mayarivers.example',
      pplId: '',
      prsId: '',
    });
  });

  it("puts the server's 400 messages under their fields", async () => {
    const { router } = await open({
      put: () => ({
        status: 400,
        body: {
          success: false,
          error: 'A PRS number (CAE/IPI) is 9 to 11 digits',
          details: [
            { field: 'prsId', message: 'A PRS number (CAE/IPI) is 9 to 11 digits' },
            { field: 'website', message: 'Please enter a web address starting with https://' },
          ],
        },
      }),
    });
    fireEvent.change(field('PRS ID'), { target: { value: '123456789' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(helperOf('PRS ID')).toBe('A PRS number (CAE/IPI) is 9 to 11 digits'));
    expect(helperOf('Website')).toBe('Please enter a web address starting with https://');
    expect(field('PRS ID').getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/edit-profile');
    expect(screen.queryByText('Your profile was not saved')).toBeNull();
  });

  it("shows any other refusal in the server's words", async () => {
    await open({ put: () => ({ status: 401, body: { success: false, error: 'Not authenticated' } }) });
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your profile was not saved');
    expect(alert.textContent).toContain('Not authenticated');
  });

  it('changes the city list with the country, and forgets the city of another country', async () => {
    await open();
    const country = field('Country');
    await userEvent.clear(country);
    await userEvent.type(country, 'Nigeria');
    await userEvent.click(await screen.findByRole('option', { name: 'Nigeria' }));
    expect(field('Country').value).toBe('Nigeria');
    expect(field('City').value).toBe('');
  });
});

describe('the profile picture', () => {
  function pick(file: File) {
    fireEvent.change(screen.getByLabelText('Profile picture file'), { target: { files: [file] } });
  }

  it('refuses a file that is not a JPEG, PNG or WebP image, before any upload', async () => {
    await open();
    pick(new File(['GIF89a'], 'cover.gif', { type: 'image/gif' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid image file format');
    expect(startUpload).not.toHaveBeenCalled();
  });

  it('refuses an image over 20 MB', async () => {
    await open();
    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    pick(big);
    expect((await screen.findByRole('alert')).textContent).toBe('Image size exceeds 20MB limit');
    expect(startUpload).not.toHaveBeenCalled();
  });

  it('uploads a picked picture as the artist and sends its id with Save', async () => {
    const { api } = await open();
    pick(new File(['png'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('New picture uploaded. Save to use it.')).toBeTruthy();
    expect(vi.mocked(startUpload).mock.calls[0]?.[1]).toEqual({
      artistName: 'Maya Rivers',
      fileType: 'artwork',
      sessionId: 'profile-9a1e2f7c-1111-4a2b-8c3d-5e6f7a8b9c0d',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByRole('heading', { level: 1, name: 'Landed on /dashboard' });
    const put = api.requests.find((request) => request.method === 'PUT');
    expect((put?.body as { pictureFileId?: string } | undefined)?.pictureFileId).toBe(PICTURE_ID);
  });

  it("names the upload 'Profile picture' when there is no artist name yet", async () => {
    await open({ profile: profile({ artistName: undefined }) });
    pick(new File(['png'], 'me.webp', { type: 'image/webp' }));
    await screen.findByText('New picture uploaded. Save to use it.');
    expect(vi.mocked(startUpload).mock.calls[0]?.[1].artistName).toBe('Profile picture');
  });

  it('removes the saved picture with Save', async () => {
    const { api } = await open({ profile: profile({ picture: 'http://localhost/files/p?signature=x' }) });
    expect(screen.getByRole('img', { name: 'Your profile picture' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(screen.getByText('The picture will be removed when you save.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByRole('heading', { level: 1, name: 'Landed on /dashboard' });
    const put = api.requests.find((request) => request.method === 'PUT');
    expect((put?.body as { pictureFileId?: string | null } | undefined)?.pictureFileId).toBeNull();
  });

  it("puts the server's refusal of the picture beside the picture", async () => {
    const message = 'The picture must be an image you uploaded while signed in. Please upload it again.';
    await open({
      put: () => ({
        status: 400,
        body: { success: false, error: message, details: [{ field: 'picture', message }] },
      }),
    });
    pick(new File(['png'], 'me.png', { type: 'image/png' }));
    await screen.findByText('New picture uploaded. Save to use it.');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});

describe('leaving with unsaved changes', () => {
  it('asks first, and stays when the artist says no', async () => {
    const { router } = await open();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await userEvent.type(field('City'), 'x');
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith(
      'You have unsaved changes to your profile. Leave without saving them?',
    );
    expect(router.state.location.pathname).toBe('/edit-profile');

    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('link', { name: 'Back to dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Landed on /dashboard' })).toBeTruthy();
  });

  it('does not ask when nothing changed', async () => {
    await open();
    const confirm = vi.spyOn(window, 'confirm');
    await userEvent.click(within(screen.getByRole('form')).getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Landed on /dashboard' })).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('the mail settings', () => {
  it('show the reminders a mail link turned off, and turn them on again at once, without Save', async () => {
    const { api } = await open({
      mail: [{ kind: 'reminders', enabled: false, turnedOffAt: '2031-03-12T08:00:00.000Z' }],
    });
    const section = await screen.findByRole('region', { name: 'Mail' });
    expect(section.textContent).toContain('Sent to maya@example.com.');
    const reminders = await within(section).findByRole('switch', { name: /Deadline reminders/ });
    expect((reminders as HTMLInputElement).checked).toBe(false);
    expect(section.textContent).toContain('Off since March 12, 2031.');

    await userEvent.click(reminders);
    await waitFor(() => expect((reminders as HTMLInputElement).checked).toBe(true));
    const put = api.requests.find(
      (request) => request.url.pathname === '/api/me/mail-preferences' && request.method === 'PUT',
    );
    expect(put?.body).toEqual({ kind: 'reminders', enabled: true });
    expect(section.textContent).not.toContain('Off since');
    // Saved on its own: the profile form was not sent, and leaving asks nothing.
    expect(
      api.requests.filter(
        (request) => request.url.pathname === '/api/artist/profile' && request.method === 'PUT',
      ),
    ).toEqual([]);
  });

  it('turn reminders off, and say so when the server refuses', async () => {
    const { api } = await open();
    const reminders = await screen.findByRole('switch', { name: /Deadline reminders/ });
    expect((reminders as HTMLInputElement).checked).toBe(true);
    await userEvent.click(reminders);
    await waitFor(() => expect((reminders as HTMLInputElement).checked).toBe(false));
    expect(api.requests.at(-1)?.body).toEqual({ kind: 'reminders', enabled: false });

    api.spy.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, error: 'Not authenticated' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await userEvent.click(reminders);
    expect((await screen.findByText(/Your mail settings were not saved/)).textContent).toContain(
      'Not authenticated',
    );
    expect((reminders as HTMLInputElement).checked).toBe(false);
  });
});
