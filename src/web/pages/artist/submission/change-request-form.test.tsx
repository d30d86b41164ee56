import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ArtistChangeRequest,
  INVALID_ARTWORK_TYPE,
  NO_OPEN_CHANGE_REQUEST,
  TRACK_TITLES_REQUIRED,
} from '../../../../domain';
import {
  ARTWORK_URL,
  ITEM_IDS,
  imageMappingFor,
  mockApi,
  profile,
  type RecordedRequest,
  renderArtistPage,
  submission,
} from '../common/artist-test-helpers';
import { SubmissionPage } from '../submission-page';

afterEach(() => vi.restoreAllMocks());

const itemId = ITEM_IDS.pending;
const TRACK = '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e51';
const asked = submission({ status: 'changes_requested' });

const request: ArtistChangeRequest = {
  roundNumber: 1,
  requestedAt: '2026-11-21T10:00:00.000Z',
  message: 'Nearly there! Two small fixes, please.',
  fields: [
    {
      key: 'artwork',
      field: 'artwork',
      label: 'The artwork',
      note: 'Remove the watermark in the corner.',
      current: { field: 'artwork', fileId: 'aaaaaaaa-0000-4000-8000-0000000000a1' },
      file: { fileName: 'cover.jpg', url: ARTWORK_URL },
    },
    {
      key: `trackTitle:${TRACK}`,
      field: 'trackTitle',
      trackId: TRACK,
      label: 'The title of track 1 "Nigth Drive"',
      note: 'Night is misspelt.',
      current: { field: 'trackTitle', trackId: TRACK, title: 'Nigth Drive' },
      file: null,
    },
  ],
};

function serve(options: { resubmit?: (request: RecordedRequest) => { status: number; body: unknown } } = {}) {
  return mockApi((call) => {
    const path = call.url.pathname;
    if (path === '/files/optimized/image-mapping.json')
      return { status: 200, body: imageMappingFor(call.url) };
    if (path === '/api/artist/profile') return { status: 200, body: { success: true, profile: profile() } };
    if (path.endsWith('/change-request'))
      return { status: 200, body: { success: true, submission: asked, changeRequest: request } };
    if (path.endsWith('/resubmit') && options.resubmit) return options.resubmit(call);
    // The page's key dates have tests of their own (components/key-dates.test.tsx).
    if (path.endsWith('/key-dates')) return { status: 200, body: { success: true, keyDates: null } };
    return { status: 200, body: { success: true, submission: asked } };
  });
}

function open() {
  return renderArtistPage(SubmissionPage, '/submission/:id', `/submission/${itemId}`);
}

describe('a submission the label asked changes to', () => {
  it('shows the message in the banner and opens only the marked fields, each with its note', async () => {
    const api = serve();
    open();
    const toChange = await screen.findByRole('region', { name: 'What to change' }, { timeout: 5000 });
    const banner = screen.getByText('A few changes are needed').closest('.MuiAlert-root') as HTMLElement;
    await waitFor(() =>
      expect(banner.textContent).toContain('Message from Imprint:Nearly there! Two small fixes, please.'),
    );
    expect(
      api.requests.some((r) => r.url.pathname === `/api/profile/submissions/${itemId}/change-request`),
    ).toBe(true);
    expect(toChange.textContent).toContain('Imprint asked on November 21, 2026 for changes to 2 fields.');

    const fields = within(toChange).getAllByRole('region');
    expect(fields.map((field) => within(field).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'The artwork',
      'The title of track 1 "Nigth Drive"',
    ]);
    // The note sits beside the field and describes it.
    expect(fields[0]?.textContent).toContain('Note from ImprintRemove the watermark in the corner.');
    expect(
      within(toChange).getByRole('region', { name: 'The artwork' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(
      within(fields[0] as HTMLElement).getByRole('button', { name: 'Choose a new artwork' }),
    ).toBeTruthy();
    // Only the marked title and the note to the label are inputs; nothing else on the page is.
    expect(screen.getAllByRole('textbox')).toEqual([
      screen.getByRole('textbox', { name: 'Title of track "Nigth Drive"' }),
      screen.getByRole('textbox', { name: 'A note for the label (optional)' }),
    ]);
    expect(
      (within(toChange).getByRole('textbox', { name: 'Title of track "Nigth Drive"' }) as HTMLInputElement)
        .value,
    ).toBe('Nigth Drive');
  });

  it('refuses a file that is not a JPEG in the form’s words, before any upload', async () => {
    const api = serve();
    const user = userEvent.setup({ applyAccept: false });
    open();
    const artwork = await screen.findByRole('region', { name: 'The artwork' });
    await user.upload(
      within(artwork).getByLabelText('New artwork file'),
      new File(['png'], 'cover.png', { type: 'image/png' }),
    );
    expect((await within(artwork).findByRole('alert')).textContent).toBe(INVALID_ARTWORK_TYPE);
    expect(api.requests.some((r) => r.url.pathname.startsWith('/api/upload'))).toBe(false);
  });

  it('resubmits every marked field and says the submission is back under review', async () => {
    const api = serve({
      resubmit: () => ({
        status: 200,
        body: {
          success: true,
          submission: { ...asked, status: 'pending' },
          resubmitted: {
            roundNumber: 1,
            resubmittedAt: '2026-11-22T10:00:00.000Z',
            changedFields: ['The title of track 1 "Nigth Drive"'],
          },
        },
      }),
    });
    const user = userEvent.setup();
    open();
    const title = await screen.findByRole('textbox', { name: 'Title of track "Nigth Drive"' });
    await user.clear(title);
    await user.type(title, 'Night Drive');
    await user.type(
      screen.getByRole('textbox', { name: 'A note for the label (optional)' }),
      'Fixed the title.',
    );
    await user.click(screen.getByRole('button', { name: 'Resubmit' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Sent back for review' })).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe(`/api/profile/submissions/${itemId}/resubmit`);
    expect(post?.body).toEqual({
      changes: [
        { field: 'artwork', fileId: 'aaaaaaaa-0000-4000-8000-0000000000a1' },
        { field: 'trackTitle', trackId: TRACK, title: 'Night Drive' },
      ],
      comment: 'Fixed the title.',
    });
    expect(screen.getByText(/Changed: The title of track 1 "Nigth Drive"\./)).toBeTruthy();
    expect(screen.getByText('Your submission is being reviewed')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByText('Pending')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'What to change' })).toBeNull();
  });

  it('shows a refusal in the server’s words, on the field it is about', async () => {
    serve({
      resubmit: () => ({
        status: 400,
        body: {
          success: false,
          error: TRACK_TITLES_REQUIRED,
          details: [{ field: 'changes.1.title', message: TRACK_TITLES_REQUIRED }],
        },
      }),
    });
    const user = userEvent.setup();
    open();
    const title = await screen.findByRole('textbox', { name: 'Title of track "Nigth Drive"' });
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Resubmit' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Your changes were not sent: ${TRACK_TITLES_REQUIRED}`);
    expect(document.activeElement).toBe(alert);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(screen.getByRole('region', { name: /^The title of track 1/ })).getByText(TRACK_TITLES_REQUIRED),
    ).toBeTruthy();
    // Typing again takes the problem away from the field.
    await user.type(title, 'N');
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('false'));
  });

  it('says so when the request was answered or withdrawn meanwhile (409)', async () => {
    serve({ resubmit: () => ({ status: 409, body: { success: false, error: NO_OPEN_CHANGE_REQUEST } }) });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Resubmit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Your changes were not sent: ${NO_OPEN_CHANGE_REQUEST}`,
    );
  });
});
