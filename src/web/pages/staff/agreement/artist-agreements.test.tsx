import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, SIGNING_MESSAGES, type SignatureEvent, type StaffAgreement } from '../../../../domain';
import { mockApi, type RecordedRequest, renderStaffPage } from '../board/board-test-helpers';
import { utcToday } from '../last-day-form';
import { ArtistAgreements, NO_AGREEMENT_TEXT } from './artist-agreements';

afterEach(() => vi.restoreAllMocks());

const ARTIST_ID = '9a1e2f7c-1111-4a2b-8c3d-5e6f7a8b9c0d';
const LIST_PATH = `/api/artists/${ARTIST_ID}/agreements`;
const SHA = 'a'.repeat(64);

const signed: StaffAgreement = {
  id: 'c0000000-0000-4000-8000-000000000001',
  status: 'signed',
  documentUrl: '/api/contracts/c0000000-0000-4000-8000-000000000001/document',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2026-12-01T10:00:00.000Z',
  signedAt: '2026-11-02T11:00:00.000Z',
  templateVersion: 2,
  signerName: 'Night Bus',
  signerEmail: 'maya@example.com',
  provider: 'builtin',
  sealedAt: '2026-11-02T11:00:05.000Z',
  sha256: SHA,
};
const declined: StaffAgreement = {
  id: 'c0000000-0000-4000-8000-000000000002',
  status: 'declined',
  createdAt: '2026-10-01T10:00:00.000Z',
  expiresAt: '2026-10-31T10:00:00.000Z',
  declinedAt: '2026-10-02T10:00:00.000Z',
  declineReason: 'The term is too long for me.',
  templateVersion: 1,
  signerName: 'Night Bus',
  signerEmail: 'maya@example.com',
  provider: 'dropbox_sign',
};
const expired: StaffAgreement = {
  id: 'c0000000-0000-4000-8000-000000000003',
  status: 'expired',
  createdAt: '2026-08-01T10:00:00.000Z',
  expiresAt: '2026-08-31T10:00:00.000Z',
  templateVersion: 1,
  signerName: 'Night Bus',
  signerEmail: 'maya@example.com',
  provider: 'builtin',
};
function awaiting(): StaffAgreement {
  return {
    id: 'c0000000-0000-4000-8000-000000000004',
    status: 'awaiting_signature',
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: `${addDays(utcToday(), 20)}T00:00:00.000Z`,
    templateVersion: 3,
    signerName: 'Night Bus',
    signerEmail: 'maya@example.com',
    provider: 'builtin',
  };
}

const events: SignatureEvent[] = [
  { type: 'created', at: '2026-11-01T10:00:00.000Z', actor: null, ip: null, userAgent: null, detail: null },
  {
    type: 'viewed',
    at: '2026-11-01T10:05:00.000Z',
    actor: 'maya@example.com',
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
    detail: null,
  },
  {
    type: 'deadline_changed',
    at: '2026-11-01T12:00:00.000Z',
    actor: 'sam@label.example',
    ip: null,
    userAgent: null,
    detail: 'New last day: December 20, 2026',
  },
];

function Section() {
  return <ArtistAgreements artistId={ARTIST_ID} />;
}

function render(respond: (request: RecordedRequest) => { status: number; body: unknown }) {
  const api = mockApi(respond);
  renderStaffPage(Section, '/', '/');
  return api;
}

describe('the Agreement section of the staff artist page', () => {
  it("says nothing was sent yet, keeping 'Not signed yet'", async () => {
    render(() => ({ status: 200, body: { success: true, agreements: [] } }));
    expect(screen.getByRole('status').textContent).toContain('Loading the agreements...');
    expect(await screen.findByText(NO_AGREEMENT_TEXT)).toBeTruthy();
    expect(NO_AGREEMENT_TEXT).toContain('Not signed yet');
  });

  it('shows a load failure with Retry, which asks again', async () => {
    let calls = 0;
    const api = render(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, body: { success: false, error: 'Something went wrong' } }
        : { status: 200, body: { success: true, agreements: [] } };
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The agreements could not be loaded: Something went wrong');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(NO_AGREEMENT_TEXT)).toBeTruthy();
    expect(api.requests.filter((r) => r.url.pathname === LIST_PATH)).toHaveLength(2);
  });

  it('lists every request with its state, dates, signer, provider and the sealed copy', async () => {
    render(() => ({ status: 200, body: { success: true, agreements: [signed, declined, expired] } }));
    const list = await screen.findByRole('list', { name: 'Agreement requests' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(document.body.textContent).toContain('Signed Nov 2, 2026');
    expect(document.body.textContent).toContain('(version 2).');

    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 3, name: 'Agreement version 2' })).toBeTruthy();
    expect(first.querySelector('.MuiChip-colorSuccess')?.textContent).toBe('Signed');
    expect(first.textContent).toContain('Nov 1, 2026');
    expect(first.textContent).toContain('Nov 2, 2026');
    expect(first.textContent).toContain('Night Bus <maya@example.com>');
    expect(first.textContent).toContain('Built-in signing');
    expect(first.textContent).toContain(SHA);
    const download = within(first).getByRole('link', { name: 'Download signed PDF' });
    expect(download.getAttribute('href')).toBe(signed.documentUrl);
    expect(download.hasAttribute('download')).toBe(true);
    expect(within(first).getByRole('link', { name: 'Check a copy' }).getAttribute('href')).toBe(
      `/contracts/${signed.id}/verify`,
    );
    expect(within(first).queryByRole('button', { name: 'Change deadline' })).toBeNull();

    expect(second.querySelector('.MuiChip-colorError')?.textContent).toBe('Declined');
    expect(second.textContent).toContain('The term is too long for me.');
    expect(second.textContent).toContain('Dropbox Sign');
    expect(within(second).queryByRole('link', { name: 'Download signed PDF' })).toBeNull();

    expect(third.querySelector('.MuiChip-colorDefault')?.textContent).toBe('Expired');
    expect(within(third).queryByRole('button', { name: 'Change deadline' })).toBeNull();
  });

  it('says a signed request is still being sealed, and offers no download yet', async () => {
    const unsealed = { ...signed, documentUrl: undefined, sealedAt: undefined, sha256: undefined };
    render(() => ({ status: 200, body: { success: true, agreements: [unsealed] } }));
    const list = await screen.findByRole('list', { name: 'Agreement requests' });
    expect(list.textContent).toContain('The signed copy is being sealed');
    expect(within(list).queryByRole('link', { name: 'Download signed PDF' })).toBeNull();
    expect(within(list).queryByRole('link', { name: 'Check a copy' })).toBeNull();
  });

  it('expands the audit log of a request and collapses it again', async () => {
    const user = userEvent.setup();
    const api = render(({ url }) => {
      if (url.pathname === `/api/contracts/${signed.id}/audit`)
        return { status: 200, body: { success: true, events } };
      return { status: 200, body: { success: true, agreements: [signed] } };
    });
    const toggle = await screen.findByRole('button', { name: 'Show audit log' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const log = await screen.findByRole('list', { name: 'Audit log' });
    const items = within(log).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Request created',
      'Agreement opened by the signer',
      'Deadline changed',
    ]);
    expect(items[1]?.textContent).toContain('IP 203.0.113.7');
    expect(items[1]?.textContent).toContain('User agent: Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0');
    expect(items[1]?.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-01T10:05:00.000Z');
    expect(items[2]?.textContent).toContain('New last day: December 20, 2026');
    expect(items[2]?.textContent).toContain('By sam@label.example');

    const hide = screen.getByRole('button', { name: 'Hide audit log' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(hide.getAttribute('aria-controls')).toBe(log.parentElement?.id);
    await user.click(hide);
    expect(screen.queryByRole('list', { name: 'Audit log' })).toBeNull();
    expect(api.requests.filter((r) => r.url.pathname.endsWith('/audit'))).toHaveLength(1);
  });

  it('changes the deadline of an awaiting request with the day as the body, then reloads', async () => {
    const user = userEvent.setup();
    const request = awaiting();
    const newDay = addDays(utcToday(), 45);
    const api = render(({ url, method }) => {
      if (method === 'POST' && url.pathname === `/api/contracts/${request.id}/deadline`)
        return {
          status: 200,
          body: {
            success: true,
            expiresAt: `${addDays(newDay, 1)}T00:00:00.000Z`,
            status: 'awaiting_signature',
          },
        };
      return { status: 200, body: { success: true, agreements: [request, expired] } };
    });
    const list = await screen.findByRole('list', { name: 'Agreement requests' });
    expect(list.querySelector('.MuiChip-colorWarning')?.textContent).toBe('Awaiting signature');
    expect(within(list).getAllByRole('button', { name: 'Change deadline' })).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: 'Change deadline' }));

    const field = screen.getByLabelText('Last day to sign (UTC)') as HTMLInputElement;
    expect(field.value).toBe(addDays(utcToday(), 19));
    expect(field.getAttribute('max')).toBe(addDays(utcToday(), 90));

    // Beyond the limit: the domain's words, nothing sent.
    fireEvent.change(field, { target: { value: addDays(utcToday(), 91) } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.body.textContent).toContain(SIGNING_MESSAGES.deadlineTooLate);
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(field, { target: { value: newDay } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByLabelText('Last day to sign (UTC)')).toBeNull());
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url.pathname).toBe(`/api/contracts/${request.id}/deadline`);
    expect(posts[0]?.body).toEqual({ lastDay: newDay });
    await vi.waitFor(() =>
      expect(api.requests.filter((r) => r.url.pathname === LIST_PATH).length).toBeGreaterThanOrEqual(2),
    );
  });

  it("shows the server's refusal of a new deadline", async () => {
    const user = userEvent.setup();
    const request = awaiting();
    render(({ method }) =>
      method === 'POST'
        ? { status: 409, body: { success: false, error: SIGNING_MESSAGES.deadlineClosed } }
        : { status: 200, body: { success: true, agreements: [request] } },
    );
    await user.click(await screen.findByRole('button', { name: 'Change deadline' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SIGNING_MESSAGES.deadlineClosed)).toBeTruthy();
    expect(screen.getByLabelText('Last day to sign (UTC)')).toBeTruthy();
  });
});
