import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffWaitingListEntry } from '../../../domain';
import { mockApi, renderStaffPage } from './board/board-test-helpers';
import { WaitingListPage } from './waiting-list-page';

afterEach(() => vi.restoreAllMocks());

function entry(overrides: Partial<StaffWaitingListEntry> = {}): StaffWaitingListEntry {
  return {
    id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    firstName: 'Ada',
    surname: 'Lane',
    artistName: 'Nova Lane',
    email: 'ada@example.com',
    phone: null,
    country: 'Ireland',
    city: 'Cork',
    instagramProfile: null,
    tiktokProfile: null,
    spotifyProfile: null,
    listenLink: 'https://soundcloud.com/novalane/tide',
    projectDescription: 'A six-track EP about the sea',
    createdAt: '2026-11-20T14:05:00.000Z',
    invitationId: null,
    ...overrides,
  };
}

/** One page of the staff list: the entries, the next page's cursor, the list's total. */
function page(entries: StaffWaitingListEntry[], more: { nextCursor?: string; total?: number } = {}) {
  return { success: true, entries, nextCursor: more.nextCursor ?? null, total: more.total ?? entries.length };
}

const LINK = 'http://localhost:3000/i/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

describe('the waiting list page', () => {
  it('lists each entry with its details, and invites one from it', async () => {
    const invited = entry({
      id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
      artistName: 'Quiet Harbour',
      firstName: 'Ben',
      email: 'ben@example.com',
      invitationId: '0a0b0c0d-0e0f-4a1b-8c2d-3e4f5a6b7c8d',
    });
    const api = mockApi((request) =>
      request.url.pathname === '/api/waiting-list'
        ? { status: 200, body: page([entry(), invited]) }
        : {
            status: 200,
            body: {
              success: true,
              itemId: '5b0d3c1e-8f2a-4b6c-9d0e-1f2a3b4c5d6e',
              artistName: 'Nova Lane',
              email: 'ada@example.com',
              nextSteps: [],
              invitationUrl: LINK,
            },
          },
    );
    const user = userEvent.setup();
    renderStaffPage(WaitingListPage, '/admin/waiting-list', '/admin/waiting-list');
    expect(screen.getByRole('heading', { level: 1, name: 'Waiting list' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading the waiting list...');

    const list = await screen.findByRole('list', { name: 'Waiting list entries' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('entries missing');
    expect(within(first).getByRole('heading', { name: 'Nova Lane' })).toBeTruthy();
    expect(first.textContent).toContain('Ada Lane');
    expect(first.textContent).toContain('ada@example.com');
    expect(first.textContent).toContain('Cork, Ireland');
    expect(first.textContent).toContain('A six-track EP about the sea');
    expect(first.textContent).toMatch(/Joined Nov 20, 2026/);
    const listen = within(first).getByRole('link', { name: /Listen/ });
    expect(listen.getAttribute('href')).toBe('https://soundcloud.com/novalane/tide');
    expect(listen.getAttribute('target')).toBe('_blank');
    expect(listen.getAttribute('rel')).toBe('noopener noreferrer');
    // Already invited: no second invitation from the same entry.
    expect(within(second).getByText('Invited')).toBeTruthy();
    expect(within(second).queryByRole('button', { name: /Invite/ })).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Invite Nova Lane' }));
    expect(await within(first).findByText('Invited')).toBeTruthy();
    expect((within(first).getByLabelText('Personal invitation link') as HTMLInputElement).value).toBe(LINK);
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe('/api/artist-invitations/create');
    expect(post?.body).toEqual({
      artistName: 'Nova Lane',
      firstName: 'Ada',
      surname: 'Lane',
      email: 'ada@example.com',
      waitingListEntryId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    });
  });

  it('shows the total and loads the next page from the cursor', async () => {
    const later = entry({ id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a', artistName: 'Low Tide' });
    const api = mockApi(({ url }) =>
      url.searchParams.get('cursor') === 'page-2'
        ? { status: 200, body: page([later], { total: 2 }) }
        : { status: 200, body: page([entry()], { nextCursor: 'page-2', total: 2 }) },
    );
    const user = userEvent.setup();
    renderStaffPage(WaitingListPage, '/admin/waiting-list', '/admin/waiting-list');
    const list = await screen.findByRole('list', { name: 'Waiting list entries' });
    expect(screen.getByRole('heading', { name: '2 artists waiting' })).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Showing 1 of 2 entries').getAttribute('role')).toBe('status');
    expect(api.requests[0]?.url.searchParams.get('limit')).toBe('25');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('heading', { name: 'Low Tide' })).toBeTruthy();
    expect(screen.getByText('Showing 2 of 2 entries')).toBeTruthy();
    expect(api.requests.at(-1)?.url.searchParams.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows why an invitation failed', async () => {
    mockApi((request) =>
      request.method === 'GET'
        ? { status: 200, body: page([entry()]) }
        : { status: 500, body: { success: false, error: 'Failed to create artist invitation' } },
    );
    const user = userEvent.setup();
    renderStaffPage(WaitingListPage, '/admin/waiting-list', '/admin/waiting-list');
    await user.click(await screen.findByRole('button', { name: 'Invite Nova Lane' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create artist invitation');
  });

  it('shows the empty state, and an error with Retry', async () => {
    let fail = true;
    mockApi(() =>
      fail
        ? { status: 500, body: { success: false, error: 'Internal Server Error' } }
        : { status: 200, body: page([]) },
    );
    const user = userEvent.setup();
    renderStaffPage(WaitingListPage, '/admin/waiting-list', '/admin/waiting-list');
    expect((await screen.findByRole('alert')).textContent).toContain('The waiting list could not be loaded');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Nobody on the waiting list' })).toBeTruthy();
  });
});
