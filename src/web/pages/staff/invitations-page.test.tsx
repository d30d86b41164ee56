import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvitationSummary } from '../../../domain';
import { mockApi, renderStaffPage } from './board/board-test-helpers';
import { InvitationsPage } from './invitations-page';

afterEach(() => vi.restoreAllMocks());

function invitation(overrides: Partial<InvitationSummary> = {}): InvitationSummary {
  return {
    itemId: '5b0d3c1e-8f2a-4b6c-9d0e-1f2a3b4c5d6e',
    artistName: 'Nova Lane',
    firstName: 'Ada',
    surname: 'Lane',
    email: 'ada@example.com',
    invitationReason: 'Heard at a festival',
    status: 'valid',
    createdAt: '2026-11-20T14:05:00.000Z',
    expiresAt: '2026-12-20T14:05:00.000Z',
    usedAt: null,
    submissionId: null,
    ...overrides,
  };
}

const used = invitation({
  itemId: '6c1e4d2f-9a3b-4c7d-8e0f-2a3b4c5d6e7f',
  artistName: 'Quiet Harbour',
  status: 'used',
  usedAt: '2026-11-21T09:00:00.000Z',
  submissionId: '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a10',
});
/** One page of the list: the invitations, the next page's cursor, the total and the counts per status. */
function page(
  invitations: InvitationSummary[],
  more: { nextCursor?: string; total?: number; counts?: Record<string, number> } = {},
) {
  const counts = more.counts ?? { valid: 0, expired: 0, used: 0, revoked: 0 };
  if (!more.counts) for (const row of invitations) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return {
    success: true,
    invitations,
    nextCursor: more.nextCursor ?? null,
    total: more.total ?? invitations.length,
    counts,
  };
}

const NEW_LINK = 'http://localhost:3000/i/ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-zyxwv';

describe('the invitations page', () => {
  it('lists invitations with status, dates and the submission of a used one', async () => {
    const api = mockApi(() => ({ status: 200, body: page([invitation(), used]) }));
    renderStaffPage(InvitationsPage, '/admin/invitations', '/admin/invitations');
    expect(screen.getByRole('heading', { level: 1, name: 'Invitations' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading invitations...');
    const list = await screen.findByRole('list', { name: 'Invitations' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('rows missing');
    expect(first.textContent).toContain('Nova Lane');
    expect(first.textContent).toContain('Valid');
    expect(first.textContent).toContain('ada@example.com');
    expect(first.textContent).toContain('Reason: Heard at a festival');
    expect(first.textContent).toMatch(/Sent\s*Nov 20, 2026/);
    expect(first.textContent).toMatch(/Expires\s*Dec 20, 2026/);
    expect(second.textContent).toContain('Used');
    expect(within(second).getByRole('link', { name: 'View submission' }).getAttribute('href')).toBe(
      `/details/${used.submissionId}`,
    );
    // A used invitation has done its work: nothing to regenerate or revoke.
    expect(within(second).queryByRole('button')).toBeNull();
    expect(api.requests[0]?.url.pathname).toBe('/api/artist-invitations');
    expect(api.requests[0]?.url.searchParams.get('status')).toBeNull();
    expect(api.requests[0]?.url.searchParams.get('limit')).toBe('25');
  });

  it('filters by status through the address', async () => {
    const api = mockApi(() => ({ status: 200, body: page([]) }));
    renderStaffPage(InvitationsPage, '/admin/invitations', '/admin/invitations?status=expired');
    expect(await screen.findByRole('heading', { name: 'No expired invitations' })).toBeTruthy();
    expect(api.requests[0]?.url.searchParams.get('status')).toBe('expired');
    const filters = screen.getByRole('navigation', { name: 'Filter by status' });
    expect(within(filters).getByRole('link', { name: 'Expired (0)' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(filters).getByRole('link', { name: 'All (0)' }).getAttribute('href')).toBe(
      '/admin/invitations',
    );
  });

  it('shows the counts per status and loads the next page from the cursor', async () => {
    const counts = { valid: 1, expired: 0, used: 1, revoked: 0 };
    const api = mockApi(({ url }) =>
      url.searchParams.get('cursor') === 'page-2'
        ? { status: 200, body: page([used], { total: 2, counts }) }
        : { status: 200, body: page([invitation()], { nextCursor: 'page-2', total: 2, counts }) },
    );
    const user = userEvent.setup();
    renderStaffPage(InvitationsPage, '/admin/invitations', '/admin/invitations');
    const list = await screen.findByRole('list', { name: 'Invitations' });
    const filters = screen.getByRole('navigation', { name: 'Filter by status' });
    expect(within(filters).getByRole('link', { name: 'All (2)' })).toBeTruthy();
    expect(within(filters).getByRole('link', { name: 'Used (1)' })).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Showing 1 of 2 invitations').getAttribute('role')).toBe('status');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByText('Showing 2 of 2 invitations')).toBeTruthy();
    expect(api.requests.at(-1)?.url.searchParams.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('regenerates a link and shows it to copy', async () => {
    const api = mockApi((request) =>
      request.method === 'POST'
        ? {
            status: 200,
            body: {
              success: true,
              itemId: invitation().itemId,
              invitationUrl: NEW_LINK,
              expiresAt: '2026-12-22T10:00:00.000Z',
            },
          }
        : { status: 200, body: page([invitation()]) },
    );
    const user = userEvent.setup();
    renderStaffPage(InvitationsPage, '/admin/invitations', '/admin/invitations');
    await user.click(await screen.findByRole('button', { name: 'Regenerate link for Nova Lane' }));
    expect(((await screen.findByLabelText('New invitation link')) as HTMLInputElement).value).toBe(NEW_LINK);
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(`/api/artist-invitations/${invitation().itemId}/regenerate`);
  });

  it('revokes only after confirmation, and shows a refusal', async () => {
    let revokeAnswer = { status: 200, body: { success: true } as unknown };
    const api = mockApi((request) =>
      request.method === 'POST' ? revokeAnswer : { status: 200, body: page([invitation()]) },
    );
    const user = userEvent.setup();
    renderStaffPage(InvitationsPage, '/admin/invitations', '/admin/invitations');
    await user.click(await screen.findByRole('button', { name: 'Revoke invitation for Nova Lane' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    revokeAnswer = { status: 404, body: { success: false, error: 'Invitation not found' } };
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Revoke invitation for Nova Lane' }));
    const again = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    await user.click(within(again).getByRole('button', { name: 'Revoke invitation' }));
    expect(await within(again).findByText('Invitation not found')).toBeTruthy();

    revokeAnswer = { status: 200, body: { success: true } };
    await user.click(within(again).getByRole('button', { name: 'Revoke invitation' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.url.pathname).toBe(`/api/artist-invitations/${invitation().itemId}/revoke`);
    // The list is read again after the change.
    expect(api.requests.filter((request) => request.method === 'GET').length).toBeGreaterThan(1);
  });

  it('shows an error with Retry', async () => {
    mockApi(() => ({ status: 500, body: { success: false, error: 'Internal Server Error' } }));
    renderStaffPage(InvitationsPage, '/admin/invitations', '/admin/invitations');
    expect((await screen.findByRole('alert')).textContent).toContain('The invitations could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
