import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alreadyErasedMessage, DATA_REQUEST_MESSAGES, type StaffArtist } from '../../../../domain';
import { ArtistPage } from '../artist-page';
import { mockApi, renderStaffPage } from '../board/board-test-helpers';

afterEach(() => vi.restoreAllMocks());

const ARTIST_ID = '9a1e2f7c-1111-4a2b-8c3d-5e6f7a8b9c0d';
const artist: StaffArtist = {
  artistId: ARTIST_ID,
  email: 'maya@example.com',
  status: 'active',
  createdAt: '2026-10-01T09:00:00.000Z',
  name: 'Maya Rivers',
  artistName: 'Night Bus',
  completion: 45,
  hasSignedContract: true,
  invitations: [],
};
const erasure = {
  requestId: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9',
  erasedAt: '2026-11-20T10:00:00.000Z',
  reason: 'Asked by e-mail',
  erasedBy: 'staff@imprint.example',
  files: { total: 4, deleted: 4, pending: 0 },
};
const erased: StaffArtist = {
  ...artist,
  email: `erased-${ARTIST_ID}@erased.invalid`,
  name: undefined,
  artistName: 'Erased artist',
  status: 'erased',
  erasure,
};

/** The page's reads; `erase` answers the erasure, after which the artist reads as erased. */
function api(erase: { status: number; body: unknown }) {
  let done = false;
  return mockApi(({ url, method }) => {
    if (method === 'POST' && url.pathname === `/api/artists/${ARTIST_ID}/erase`) {
      done = erase.status === 200;
      return erase;
    }
    if (url.pathname === `/api/artists/${ARTIST_ID}`)
      return { status: 200, body: { success: true, artist: done ? erased : artist } };
    if (url.pathname === `/api/artists/${ARTIST_ID}/submissions`)
      return { status: 200, body: { success: true, items: [], nextCursor: null, total: 0 } };
    if (url.pathname === `/api/artists/${ARTIST_ID}/returning-links`)
      return { status: 200, body: { success: true, links: [] } };
    if (url.pathname === `/api/artists/${ARTIST_ID}/agreements`)
      return { status: 200, body: { success: true, agreements: [] } };
    return { status: 404, body: { success: false, error: 'Not found' } };
  });
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  renderStaffPage(ArtistPage, '/artist/:artistId', `/artist/${ARTIST_ID}`);
  const section = await screen.findByRole('region', { name: 'Personal data' });
  // From the keyboard: the action is a button in the page's tab order.
  within(section).getByRole('button', { name: 'Erase artist…' }).focus();
  await user.keyboard('{Enter}');
  return screen.findByRole('dialog', { name: 'Erase Night Bus?' });
}

describe('erasing an artist from the staff artist page', () => {
  it('says what erasure does, and refuses a missing reason or a wrong address in words before asking', async () => {
    const { requests } = api({ status: 200, body: {} });
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    expect(dialog.textContent).toContain('deleted from storage. This cannot be undone.');
    expect(dialog.textContent).toContain(
      'Signed agreements, release schedules and their audit trail are kept',
    );
    // The reason field has the focus, so staff can type at once.
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Reason' }));

    await user.click(within(dialog).getByRole('button', { name: 'Erase artist' }));
    expect(dialog.textContent).toContain(DATA_REQUEST_MESSAGES.reasonLength);
    expect(dialog.textContent).toContain(DATA_REQUEST_MESSAGES.confirmRequired);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Asked by e-mail');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Type maya@example.com to confirm' }),
      'maya@example.org',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Erase artist' }));
    expect(dialog.textContent).toContain(DATA_REQUEST_MESSAGES.confirmMismatch);
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    // Escape closes it with nothing done.
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('erases with the reason and the address typed, then shows the artist as erased with date and reason', async () => {
    const { requests } = api({
      status: 200,
      body: {
        success: true,
        erasure,
        message: 'The artist’s personal data was erased. 4 of 4 files were deleted from storage.',
      },
    });
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Asked by e-mail ');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Type maya@example.com to confirm' }),
      'MAYA@example.com',
    );
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ reason: 'Asked by e-mail', confirm: 'MAYA@example.com' });

    // Announced: the notice is a status, so a screen reader hears the erasure happened.
    expect((await screen.findByText('Personal data erased')).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Erased artist' })).toBeTruthy();
    const page = document.body.textContent ?? '';
    expect(page).toContain('Reason: Asked by e-mail');
    expect(page).toContain('by staff@imprint.example');
    expect(page).toContain('4 of 4 files were deleted from storage.');
    expect(screen.queryByRole('button', { name: 'Erase artist…' })).toBeNull();
  });

  it('shows the server’s refusal in words and keeps the dialog open', async () => {
    const refusal = alreadyErasedMessage('November 20, 2026');
    api({ status: 409, body: { success: false, error: refusal } });
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Asked by e-mail');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Type maya@example.com to confirm' }),
      'maya@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Erase artist' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
