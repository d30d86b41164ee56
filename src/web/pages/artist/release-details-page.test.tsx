import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Contributor,
  createDefaultTrackMetadata,
  formatSplitTotalWarning,
  ISRC_INVALID,
  type ReleaseDetailsResponse,
  type ReleaseDetailsTrack,
  type TrackMetadata,
  type UploadResult,
} from '../../../domain';
import type { ReleaseDetails } from '../../api/release-details';
import { renderPageAt } from '../../test/render-page';
import type { UploadHandle, UploadInput, UploadProgress } from '../../upload';
import { ReleaseDetailsPage } from './release-details-page';

/** The artwork upload is the upload client's job (tested on its own against the real server). */
const uploads = vi.hoisted(() => ({
  started: [] as { file: File; input: UploadInput }[],
  finish: null as null | ((result: UploadResult) => void),
  progress: null as null | ((progress: UploadProgress) => void),
}));
// The page loads the upload client on the first upload (upload/lazy-start.ts), from this module.
vi.mock('../../upload/start-upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../upload/start-upload')>()),
  startUpload: (
    file: File,
    input: UploadInput,
    options?: { onProgress?(progress: UploadProgress): void },
  ): UploadHandle => {
    uploads.started.push({ file, input });
    uploads.progress = options?.onProgress ?? null;
    return {
      promise: new Promise<UploadResult>((resolve) => {
        uploads.finish = resolve;
      }),
      cancel: () => undefined,
    };
  },
}));

// MUI in jsdom driven by user-event is slow on a busy machine.
const UI_TEST_TIMEOUT_MS = 60_000;

const ITEM_ID = '6d1f4a2e-7b3c-4d5e-8f90-a1b2c3d4e5f6';
const PATH = `/release-details/${ITEM_ID}`;
const API = `/api/profile/submissions/${ITEM_ID}/release-details`;
const YEAR = String(new Date().getFullYear());

const producer: Contributor = {
  id: 'c-1',
  firstName: 'Leo',
  surname: 'Park',
  email: 'leo@example.com',
  roles: ['Producer'],
  isFeatured: false,
  isPrimaryArtist: false,
};

/** Complete credits: a producer, this year, no splits. */
const credited: TrackMetadata = {
  ...createDefaultTrackMetadata(),
  producers: [producer],
  productionYear: YEAR,
};

function releaseDetails(
  overrides: Partial<ReleaseDetails> = {},
  track: Partial<ReleaseDetailsTrack> = {},
): ReleaseDetails {
  return {
    itemId: ITEM_ID,
    releaseTitle: 'Night Swim',
    status: 'not_started',
    updatedAt: null,
    submittedAt: null,
    tracks: [
      {
        trackId: 'track-1',
        position: 0,
        title: 'Night Swim',
        audioUrl: 'http://localhost/files/a1?expires=1&signature=s',
        waveform: null,
        isrc: '',
        metadata: credited,
        ...track,
      },
    ],
    artwork: { fileId: 'art-1', url: 'http://localhost/files/art-1?expires=1&signature=s' },
    ...overrides,
  };
}

const answer = (details: ReleaseDetails): ReleaseDetailsResponse => ({
  success: true,
  releaseDetails: details,
});

interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status: number; body: unknown };

/** Answers the API like the server would: the signed-in artist's profile, then `respond` for the rest. */
function mockApi(respond: (request: RecordedRequest) => Reply | undefined) {
  const requests: RecordedRequest[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(request);
    const reply =
      request.path === '/api/artist/profile'
        ? {
            status: 200,
            body: {
              success: true,
              profile: {
                userId: 'u-1',
                email: 'maya@example.com',
                name: 'Maya Rivers',
                artistName: 'Maya Rivers',
                profileCompleted: false,
                submissionCount: 1,
                hasSignedContract: false,
                completion: 40,
              },
            },
          }
        : request.path.endsWith('/key-dates')
          ? // The key dates below the form have their own tests (components/key-dates.test.tsx).
            { status: 200, body: { success: true, keyDates: null } }
          : (respond(request) ?? { status: 500, body: { success: false, error: 'Unexpected request' } });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return requests;
}

function renderPage(entry = PATH) {
  return renderPageAt(ReleaseDetailsPage, '/release-details/:id', entry);
}

/** Serves GET, PUT and POST …/submit from one stored state, as the server does. */
function serveDetails(initial: ReleaseDetails, options: { submitReply?: Reply } = {}) {
  let current = initial;
  const requests = mockApi((request) => {
    if (request.path === API && request.method === 'GET') return { status: 200, body: answer(current) };
    const body = request.body as { tracks: { trackId: string; isrc: string; metadata: TrackMetadata }[] };
    const merge = (status: ReleaseDetails['status']) => ({
      ...current,
      status,
      updatedAt: '2026-11-21T10:15:00.000Z',
      submittedAt: status === 'submitted' ? '2026-11-21T10:20:00.000Z' : null,
      tracks: current.tracks.map((track) => {
        const sent = body.tracks.find((t) => t.trackId === track.trackId);
        return sent ? { ...track, isrc: sent.isrc, metadata: sent.metadata } : track;
      }),
    });
    if (request.path === API && request.method === 'PUT') {
      current = merge('draft');
      return { status: 200, body: answer(current) };
    }
    if (request.path === `${API}/submit` && request.method === 'POST') {
      if (options.submitReply) return options.submitReply;
      current = merge('submitted');
      return { status: 200, body: answer(current) };
    }
    return undefined;
  });
  return requests;
}

const isrcInput = () => screen.getByRole('textbox', { name: 'ISRC of Night Swim' });
const helperOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;

afterEach(() => {
  vi.restoreAllMocks();
  uploads.started.length = 0;
  uploads.finish = null;
  uploads.progress = null;
});

describe('release details: states', () => {
  it('shows a skeleton, then the form with the release, its status and each track', async () => {
    const requests = serveDetails(releaseDetails());
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Loading release details...');

    expect(await screen.findByRole('heading', { level: 1, name: 'Release details' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('Not started: nothing has been saved yet');
    expect(screen.getByRole('status').textContent).toBe('No changes yet');
    expect(screen.getByText(/Before your release goes to stores, the label needs/)).toBeTruthy();
    const track = screen.getByRole('region', { name: '1. Night Swim' });
    expect(within(track).getByLabelText('Play Night Swim').getAttribute('src')).toBe(
      'http://localhost/files/a1?expires=1&signature=s',
    );
    expect(helperOf(isrcInput())).toBe('Optional. Format CC-XXX-YY-NNNNN');
    // The submission form's own per-track editor, bound to this page's form.
    expect(within(track).getByRole('heading', { name: 'Who created this track?' })).toBeTruthy();
    expect(within(track).getByText('Leo Park')).toBeTruthy();
    expect(within(track).getByRole('spinbutton', { name: /Production year/ })).toBeTruthy();
    expect(within(track).getByRole('switch', { name: 'Master royalty splits' })).toBeTruthy();
    expect(within(track).getByRole('switch', { name: 'Include lyrics' })).toBeTruthy();
    expect(within(track).getByRole('switch', { name: 'Create social audio clips' })).toBeTruthy();
    const artwork = screen.getByRole('region', { name: 'Artwork' });
    expect(within(artwork).getByRole('img', { name: 'Artwork for Night Swim' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save draft' }).hasAttribute('disabled')).toBe(true);
    expect(requests.filter((r) => r.path === API).map((r) => r.method)).toEqual(['GET']);
  });

  it('says a submission that is not the artist’s or does not exist is not found', async () => {
    mockApi((request) =>
      request.path === API
        ? { status: 404, body: { success: false, error: 'Submission not found' } }
        : undefined,
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Submission not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('does not ask the server about an address that cannot name a submission', async () => {
    const requests = mockApi(() => undefined);
    renderPage('/release-details/not-an-id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Submission not found' })).toBeTruthy();
    expect(requests.filter((r) => r.path.startsWith('/api/profile'))).toEqual([]);
  });

  it('explains, in the server’s words, that details wait for the submission to be in progress', async () => {
    const text = 'Release details can only be completed while the submission is in progress';
    mockApi((request) =>
      request.path === API ? { status: 409, body: { success: false, error: text } } : undefined,
    );
    renderPage();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Release details' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View submission' }).getAttribute('href')).toBe(
      `/submission/${ITEM_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });

  it('says so when the session has ended', async () => {
    mockApi((request) =>
      request.path === API
        ? { status: 401, body: { success: false, error: 'Not authenticated' } }
        : undefined,
    );
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Not authenticated');
  });

  it('offers Retry when loading fails, and shows the form once it works', async () => {
    let fail = true;
    mockApi((request) => {
      if (request.path !== API) return undefined;
      if (fail) return { status: 500, body: { success: false, error: 'Internal server error' } };
      return { status: 200, body: answer(releaseDetails()) };
    });
    const user = userEvent.setup();
    renderPage();
    // The hook asks once more before giving up, a second later.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Failed to load submission details');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: '1. Night Swim' })).toBeTruthy();
  });
});

describe('release details: editing', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('checks the ISRC as it is typed and writes a good one in its usual form', async () => {
    serveDetails(releaseDetails());
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: '1. Night Swim' });
    const input = isrcInput();

    await user.type(input, 'GB-A1B');
    expect(helperOf(input)).toBe('Optional. Format CC-XXX-YY-NNNNN');
    await user.type(input, '-25-0004X');
    expect(helperOf(input)).toBe(ISRC_INVALID);
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await user.clear(input);
    await user.type(input, 'gb a1b 25 00042');
    expect(helperOf(input)).toBe('Optional. Format CC-XXX-YY-NNNNN');
    await user.tab();
    expect((input as HTMLInputElement).value).toBe('GB-A1B-25-00042');

    await user.clear(input);
    await user.type(input, 'GB1');
    await user.tab();
    expect(helperOf(input)).toBe(ISRC_INVALID);
  });

  it('saves the draft with what was typed, then shows when it was saved', async () => {
    const requests = serveDetails(releaseDetails());
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: '1. Night Swim' });
    const save = screen.getByRole('button', { name: 'Save draft' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.type(isrcInput(), 'gba1b2500042');
    await user.click(screen.getByRole('radio', { name: 'Yes (explicit)' }));
    expect(screen.getByText('You have unsaved changes')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.click(save);

    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(API);
    expect(put?.body).toEqual({
      tracks: [
        { trackId: 'track-1', isrc: 'GB-A1B-25-00042', metadata: { ...credited, parentalAdvisory: 'yes' } },
      ],
    });
    const saved = new Date('2026-11-21T10:15:00.000Z');
    const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }).format(saved);
    const status = screen.getByRole('status');
    expect(status.textContent).toMatch(new RegExp(`^Draft saved (at|on .* at) ${time}$`));
    expect((isrcInput() as HTMLInputElement).value).toBe('GB-A1B-25-00042');
  });

  it('warns about splits that do not add up to 100% without blocking the submission', async () => {
    const metadata: TrackMetadata = {
      ...credited,
      hasMasterSplit: true,
      masterSplits: [{ id: 's-1', contributorId: 'c-1', percentage: 60 }],
    };
    const requests = serveDetails(releaseDetails({}, { metadata }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: '1. Night Swim' });

    const warning = formatSplitTotalWarning('Night Swim', 60);
    const alerts = screen.getAllByRole('alert');
    expect(alerts.some((alert) => alert.textContent?.includes(warning))).toBe(true);
    expect(screen.getByText('Shares usually add up to 100%. You can still continue.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit release details for review?' });
    expect(dialog.textContent).toContain(warning);
    expect(dialog.textContent).toContain('will be notified');
    expect(dialog.textContent).toContain('locked');
    await user.click(within(dialog).getByRole('button', { name: 'Submit for review' }));

    await screen.findByText(/The label has your release details/);
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe(`${API}/submit`);
    expect(post?.body).toEqual({ tracks: [{ trackId: 'track-1', isrc: '', metadata }] });
  });

  it('blocks the submission on problems, each shown on its field and linked from a summary', async () => {
    const requests = serveDetails(
      releaseDetails({}, { isrc: 'GB-1', metadata: createDefaultTrackMetadata() }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: '1. Night Swim' });

    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const summary = await screen.findByRole('alert', { name: '3 things need fixing' });
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      ISRC_INVALID,
      'Track 1 "Night Swim" needs contributors and roles',
      'Track 1 "Night Swim" needs a production year',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    // Each message is on its field too.
    expect(helperOf(isrcInput())).toBe(ISRC_INVALID);
    const year = screen.getByRole('spinbutton', { name: /Production year/ });
    expect(helperOf(year)).toBe('Track 1 "Night Swim" needs a production year');
    expect(
      screen.getByText('Track 1 "Night Swim" needs contributors and roles', { selector: 'p' }),
    ).toBeTruthy();

    // A link leads to its field.
    const yearLink = links[2];
    if (!yearLink) throw new Error('no link to the production year');
    await user.click(yearLink);
    expect(document.activeElement).toBe(year);

    // The summary follows the fixes as they are typed.
    await user.type(year, YEAR);
    await waitFor(() => expect(screen.getByRole('alert', { name: '2 things need fixing' })).toBeTruthy());
    await user.click(
      screen.getByRole('checkbox', { name: 'Solo work (I wrote, performed and produced it myself)' }),
    );
    await user.clear(isrcInput());
    await waitFor(() => expect(screen.queryByRole('alert', { name: /need(s)? fixing/ })).toBeNull());
  });

  it('asks before submitting, and shows the locked summary once submitted', async () => {
    const requests = serveDetails(releaseDetails());
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: '1. Night Swim' });
    await user.type(isrcInput(), 'GB-A1B-25-00042');

    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    let dialog = await screen.findByRole('dialog', { name: 'Submit release details for review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    dialog = await screen.findByRole('dialog', { name: 'Submit release details for review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText(/^Submitted on Nov 21, 2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    const track = screen.getByRole('region', { name: '1. Night Swim' });
    expect(track.textContent).toContain('GB-A1B-25-00042');
    expect(track.textContent).toContain('Leo Park (Producer)');
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      tracks: [{ trackId: 'track-1', isrc: 'GB-A1B-25-00042', metadata: credited }],
    });
  });

  it('puts the server’s 400 details on their fields, and shows a 409 as it comes', async () => {
    const refusal = {
      status: 400,
      body: {
        success: false,
        error: 'Track 1 "Night Swim" needs a production year',
        details: [
          {
            field: 'tracks.0.metadata.productionYear',
            message: 'Track 1 "Night Swim" needs a production year',
          },
        ],
      },
    };
    serveDetails(releaseDetails(), { submitReply: refusal });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: '1. Night Swim' });
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    let dialog = await screen.findByRole('dialog', { name: 'Submit release details for review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit for review' }));

    const summary = await screen.findByRole('alert', { name: 'One thing needs fixing' });
    expect(summary.textContent).toContain('needs a production year');
    expect(helperOf(screen.getByRole('spinbutton', { name: /Production year/ }))).toBe(
      'Track 1 "Night Swim" needs a production year',
    );
    expect(
      screen.getByText('The details were not submitted. Fix the problems below and try again.'),
    ).toBeTruthy();

    vi.restoreAllMocks();
    const conflict = 'Release details have already been submitted';
    serveDetails(releaseDetails(), {
      submitReply: { status: 409, body: { success: false, error: conflict } },
    });
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    dialog = await screen.findByRole('dialog', { name: 'Submit release details for review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText(conflict)).toBeTruthy();
  });

  it('refuses a picture that is not a JPEG, uploads a JPEG with progress and saves its id', async () => {
    const requests = serveDetails(releaseDetails());
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    const artwork = await screen.findByRole('region', { name: 'Artwork' });
    const input = within(artwork).getByLabelText('Artwork file');

    await user.upload(input, new File(['png'], 'cover.png', { type: 'image/png' }));
    expect(within(artwork).getByRole('alert').textContent).toMatch(/JPEG/i);
    expect(uploads.started).toEqual([]);

    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'final-cover.jpg', { type: 'image/jpeg' });
    await user.upload(input, jpeg);
    // The upload client arrives on the first upload (upload/lazy-start.ts).
    await waitFor(() => expect(uploads.started).toHaveLength(1));
    expect(uploads.started[0]?.input).toEqual({
      artistName: 'Maya Rivers',
      fileType: 'artwork',
      releaseTitle: 'Night Swim',
      sessionId: `release-${ITEM_ID}`,
    });
    act(() =>
      uploads.progress?.({
        phase: 'uploading',
        percent: 45,
        bytesSent: 1,
        bytesTotal: 3,
        method: 'standard',
        timeRemainingText: 'Calculating...',
      }),
    );
    expect(
      within(artwork)
        .getByRole('progressbar', { name: 'Artwork upload progress' })
        .getAttribute('aria-valuenow'),
    ).toBe('45');
    expect(screen.getByRole('button', { name: 'Save draft' }).hasAttribute('disabled')).toBe(true);
    await act(async () =>
      uploads.finish?.({ success: true, fileId: 'art-2', url: 'http://localhost/files/art-2' }),
    );
    expect(await within(artwork).findByText('Uploaded. Save the draft or submit to use it.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      tracks: [{ trackId: 'track-1', isrc: '', metadata: credited }],
      artworkFileId: 'art-2',
    });
  });

  it('asks before leaving with unsaved changes', async () => {
    serveDetails(releaseDetails());
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('region', { name: '1. Night Swim' });
    await user.type(isrcInput(), 'GB');

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await user.click(screen.getByRole('link', { name: 'Back to dashboard' }));
    expect(confirm).toHaveBeenCalledWith(
      'You have unsaved changes to the release details. Leave this page without saving them?',
    );
    expect(router.state.location.pathname).toBe(PATH);

    confirm.mockReturnValueOnce(true);
    await user.click(screen.getByRole('link', { name: 'Back to dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /dashboard' })).toBeTruthy();
  });
});
