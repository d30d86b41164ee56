import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVITATION_STEPS } from '../../../domain';
import { AdminInvitePage } from './admin-invite-page';
import { mockApi, renderStaffPage } from './board/board-test-helpers';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ITEM_ID = '5b0d3c1e-8f2a-4b6c-9d0e-1f2a3b4c5d6e';
const URL_SENT = 'http://localhost:3000/i/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

const created = {
  success: true,
  itemId: ITEM_ID,
  artistName: 'Nova Lane',
  email: 'ada@example.com',
  message: 'Invitation created',
  nextSteps: [...INVITATION_STEPS],
  invitationUrl: URL_SENT,
  expiresAt: '2026-12-21T10:00:00.000Z',
};

async function fill(_user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
  }
}

/** userEvent.setup() installs its own clipboard; this replaces it afterwards. */
function setClipboard(clipboard: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

const complete = {
  'Artist/Band Name': 'Nova Lane',
  'First Name': 'Ada',
  Surname: 'Lane',
  'Email Address': 'ada@example.com',
};

describe('the admin invite page', () => {
  it('shows the form, its helper and the how-it-works list', () => {
    mockApi(() => ({ status: 500, body: {} }));
    renderStaffPage(AdminInvitePage, '/admin/invite', '/admin/invite');
    expect(screen.getByRole('heading', { level: 1, name: 'Invite an artist' })).toBeTruthy();
    for (const label of ['Artist/Band Name', 'First Name', 'Surname', 'Email Address', 'Invitation Reason'])
      expect(screen.getByLabelText(label, { exact: false })).toBeTruthy();
    expect(screen.getByText('Helps track why this artist was invited')).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'How it works' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([...INVITATION_STEPS]);
  });

  it('refuses missing fields and a bad e-mail without calling the server', async () => {
    const api = mockApi(() => ({ status: 200, body: created }));
    const user = userEvent.setup();
    renderStaffPage(AdminInvitePage, '/admin/invite', '/admin/invite');
    await fill(user, { ...complete, Surname: '' });
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(screen.getByRole('alert').textContent).toBe('All fields except invitation reason are required');
    await fill(user, { ...complete, 'Email Address': 'ada@example' });
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(api.requests).toHaveLength(0);
  });

  it('creates the invitation, shows the result with the link to copy, and clears the form', async () => {
    const api = mockApi(() => ({ status: 200, body: created }));
    const writeText = vi.fn(async () => {});
    const user = userEvent.setup();
    setClipboard({ writeText });
    renderStaffPage(AdminInvitePage, '/admin/invite', '/admin/invite');
    await fill(user, { ...complete, 'Invitation Reason': 'Heard at a festival' });
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));

    const result = await screen.findByText('Invitation created');
    const box = result.closest('[role="status"]') as HTMLElement;
    expect(box.textContent).toContain('Nova Lane');
    expect(box.textContent).toContain('ada@example.com');
    expect(box.textContent).toContain(ITEM_ID);
    for (const step of INVITATION_STEPS) expect(box.textContent).toContain(step);
    const link = within(box).getByLabelText('Personal invitation link') as HTMLInputElement;
    expect(link.value).toBe(URL_SENT);
    await user.click(within(box).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(URL_SENT);
    expect(await within(box).findByText('Link copied')).toBeTruthy();

    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.method).toBe('POST');
    expect(api.requests[0]?.url.pathname).toBe('/api/artist-invitations/create');
    expect(api.requests[0]?.body).toEqual({
      artistName: 'Nova Lane',
      firstName: 'Ada',
      surname: 'Lane',
      email: 'ada@example.com',
      invitationReason: 'Heard at a festival',
    });
    expect((screen.getByLabelText('Artist/Band Name', { exact: false }) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Email Address', { exact: false }) as HTMLInputElement).value).toBe('');
  });

  it('selects the link when the clipboard is unavailable', async () => {
    mockApi(() => ({ status: 200, body: created }));
    const user = userEvent.setup();
    setClipboard(undefined);
    renderStaffPage(AdminInvitePage, '/admin/invite', '/admin/invite');
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    const link = (await screen.findByLabelText('Personal invitation link')) as HTMLInputElement;
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(document.activeElement).toBe(link);
    expect(link.selectionStart).toBe(0);
    expect(link.selectionEnd).toBe(URL_SENT.length);
    expect(screen.getByText(/Link selected/)).toBeTruthy();
  });

  it("shows the server's words, the generic failure, and a network error", async () => {
    const user = userEvent.setup();
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { success: false, error: 'Please enter a valid email address' },
    };
    const spy = mockApi(() => answer).spy;
    renderStaffPage(AdminInvitePage, '/admin/invite', '/admin/invite');
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');

    answer = { status: 500, body: { success: false, error: 'Failed to create artist invitation' } };
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect((await screen.findByText('Failed to create artist invitation')).textContent).toBeTruthy();

    spy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect((await screen.findByText('Network error - please try again')).textContent).toBeTruthy();
    // The form keeps what was typed, so the staff member can try again.
    expect((screen.getByLabelText('Artist/Band Name', { exact: false }) as HTMLInputElement).value).toBe(
      'Nova Lane',
    );
  });
});
