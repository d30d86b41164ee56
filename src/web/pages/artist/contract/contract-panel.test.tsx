import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONTRACT_MESSAGES,
  DEMO_AGREEMENT_TEMPLATE,
  IDENTICAL_REQUEST_MESSAGE,
  type SignatureRequest,
} from '../../../../domain';
import { queryKeys } from '../../../api/query-keys';
import { mockApi, profile, type RecordedRequest, renderArtistPage } from '../common/artist-test-helpers';
import { ContractPanel } from '../dashboard/contract-panel';
import type { SigningHost } from './use-contract-signing';

const ARTIST_ID = '7c0e8a52-3d1f-4b7a-9e2c-1f4d5a6b7c8d';
const REQUEST_ID = 'b2c4e6f8-1a3c-4e5f-8a9b-0c1d2e3f4a5b';
const NEW_REQUEST_ID = 'b2c4e6f8-1a3c-4e5f-8a9b-0c1d2e3f4a5c';
// A path, as the server answers it: the window opens on the dashboard's own origin.
const SIGN_URL = '/sign/Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg';
const DOCUMENT_URL = `/api/contracts/${REQUEST_ID}/document`;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function awaiting(overrides: Partial<SignatureRequest> = {}): SignatureRequest {
  return {
    id: REQUEST_ID,
    status: 'awaiting_signature',
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-20T10:00:00.000Z',
    templateVersion: 1,
    ...overrides,
  };
}

function current(request?: SignatureRequest) {
  return {
    status: 200,
    body: {
      success: true,
      artistId: ARTIST_ID,
      hasSignedContract: request?.status === 'signed',
      ...(request?.status === 'signed' ? { contractSignatureId: request.id } : {}),
      ...(request ? { signatureRequest: request } : {}),
    },
  };
}

const status = (request: SignatureRequest) => ({
  status: 200,
  body: { success: true, signatureRequest: request },
});
const created = (id = REQUEST_ID) => ({
  status: 200,
  body: { success: true, signatureRequest: { id, signUrl: SIGN_URL }, signatureId: id },
});
const notFound = { status: 404, body: { success: false, error: 'Not found' } };

type Answer = { status: number; body: unknown };
type Route = (request: RecordedRequest) => Answer | undefined;

function serve(...routes: Route[]) {
  return mockApi((request) => {
    for (const route of routes) {
      const answer = route(request);
      if (answer) return answer;
    }
    return notFound;
  });
}

const on =
  (method: string, pathname: string, answer: (request: RecordedRequest) => Answer): Route =>
  (request) =>
    request.method === method && request.url.pathname === pathname ? answer(request) : undefined;

function fakeHost(popup: { closed: boolean } | null = { closed: false }) {
  const open = vi.fn<SigningHost['open']>(() => popup);
  const assign = vi.fn<(url: string) => void>();
  const host: SigningHost = { open, screen: { availWidth: 1920, availHeight: 1040 }, location: { assign } };
  return { host, open, assign };
}

function renderPanel(host: SigningHost) {
  return renderArtistPage(
    () => <ContractPanel profile={profile({ email: 'maya@example.com' })} windowHost={host} />,
    '/dashboard',
    '/dashboard?tab=1',
  );
}

const count = (requests: RecordedRequest[], method: string, pathname: string) =>
  requests.filter((r) => r.method === method && r.url.pathname === pathname).length;

const statusPath = `/api/contracts/${REQUEST_ID}/status`;

describe('the Contract Signing tab', () => {
  it('shows a skeleton while loading, then the agreement panel with its key terms', async () => {
    serve(on('GET', '/api/contracts/current', () => current()));
    renderPanel(fakeHost().host);
    expect(screen.getByRole('status').textContent).toBe('Loading your agreement...');
    expect(await screen.findByRole('heading', { level: 2, name: 'Artist agreement' })).toBeTruthy();
    const terms = screen.getByRole('region', { name: 'The key terms' });
    expect(terms.textContent).toContain('12-month term');
    expect(terms.textContent).toContain("30 days' written notice");
    expect(terms.textContent).toContain('Non-exclusive');
    expect(terms.textContent).toContain('law of the United Kingdom');
    expect(screen.getByRole('button', { name: 'Review and Sign Agreement' })).toBeTruthy();
  });

  it('says when the agreement cannot be loaded and retries', async () => {
    let fail = true;
    serve(
      on('GET', '/api/contracts/current', () =>
        fail ? { status: 500, body: { success: false, error: 'Internal Server Error' } } : current(),
      ),
    );
    renderPanel(fakeHost().host);
    // One automatic retry first (a second later), then the alert.
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert.textContent).toContain(CONTRACT_MESSAGES.initFailed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Review and Sign Agreement' })).toBeTruthy();
  });

  it('creates the request, opens the dialog and the signing window with the right features', async () => {
    let answerCreate: (answer: Answer) => void = () => {};
    const api = serve(
      on('GET', '/api/contracts/current', () => current()),
      on('GET', '/api/contracts/template', () => ({
        status: 200,
        body: {
          success: true,
          template: { version: 1, title: 'Artist Agreement', text: DEMO_AGREEMENT_TEMPLATE.body },
        },
      })),
      on('GET', statusPath, () => status(awaiting())),
    );
    // The create answer waits, so the test sees 'Creating Contract...'.
    const fetchSpy = api.spy.getMockImplementation();
    api.spy.mockImplementation(async (input, init) => {
      if (String(input) === '/api/contracts/create') {
        api.requests.push({
          method: 'POST',
          url: new URL(String(input), 'http://localhost'),
          body: JSON.parse(String(init?.body)),
        });
        const answer = await new Promise<Answer>((resolve) => {
          answerCreate = resolve;
        });
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }
      return (fetchSpy as typeof fetch)(input, init);
    });
    const { host, open } = fakeHost();
    renderPanel(host);

    await userEvent.click(await screen.findByRole('button', { name: 'Review and Sign Agreement' }));
    expect(await screen.findByText(CONTRACT_MESSAGES.creatingLabel, { selector: 'p' })).toBeTruthy();
    expect(api.requests.find((r) => r.url.pathname === '/api/contracts/create')?.body).toEqual({
      artistId: ARTIST_ID,
      artistName: 'Maya Rivers',
      artistEmail: 'maya@example.com',
    });
    await act(async () => answerCreate(created()));

    const dialog = await screen.findByRole('dialog', { name: CONTRACT_MESSAGES.dialogTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'View Contract Template' }));
    expect(await within(dialog).findByRole('heading', { level: 3, name: /Artist/ })).toBeTruthy();
    expect(dialog.textContent).toContain('United Kingdom');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Open Signing Window' }));
    expect(open).toHaveBeenCalledWith(SIGN_URL, 'imprint-signing', 'width=1000,height=800,left=460,top=120');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/Waiting for your signature… \(check 0 of 30\)/)).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Signature checks made' }).getAttribute('aria-valuenow'),
    ).toBe('0');
  });

  it('offers the same tab when the popup is blocked', async () => {
    serve(
      on('GET', '/api/contracts/current', () => current()),
      on('POST', '/api/contracts/create', () => created()),
    );
    const { host, assign } = fakeHost(null);
    renderPanel(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Review and Sign Agreement' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open Signing Window' }));
    expect(await screen.findByText(CONTRACT_MESSAGES.popupBlocked)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Open in this tab' }));
    expect(assign).toHaveBeenCalledWith(SIGN_URL);
  });

  it('polls every 5 s until signed, fires completion and waits for the sealed copy', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let checks = 0;
    let currentRequest: SignatureRequest | undefined;
    const signedAt = '2026-11-21T09:30:00.000Z';
    const api = serve(
      on('GET', '/api/contracts/current', () => current(currentRequest)),
      on('POST', '/api/contracts/create', () => {
        currentRequest = awaiting();
        return created();
      }),
      on('GET', statusPath, () => {
        checks += 1;
        if (checks < 3) return status(awaiting());
        currentRequest = awaiting({ status: 'signed', signedAt });
        return status(currentRequest);
      }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { host } = fakeHost();
    const { queryClient } = renderPanel(host);
    queryClient.setQueryData(queryKeys.artistProfile, profile());
    await user.click(await screen.findByRole('button', { name: 'Review and Sign Agreement' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Open Signing Window' }),
    );

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText(/check 1 of 30/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText(/check 2 of 30/)).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('7');

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    const heading = await screen.findByRole('heading', { level: 2, name: CONTRACT_MESSAGES.signedLabel });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Preparing your signed copy…')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check a copy' }).getAttribute('href')).toBe(
      `/contracts/${REQUEST_ID}/verify`,
    );
    expect(checks).toBe(3);
    // Completion: the profile (hasSignedContract) is stale now; the current request was read again.
    expect(queryClient.getQueryState(queryKeys.artistProfile)?.isInvalidated).toBe(true);
    expect(count(api.requests, 'GET', '/api/contracts/current')).toBeGreaterThanOrEqual(3);

    // The seal job finishes; the tab re-reads every 2 s and then offers the PDF.
    currentRequest = awaiting({ status: 'signed', signedAt, documentUrl: DOCUMENT_URL });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    const download = await screen.findByRole('link', { name: 'Download signed PDF' });
    expect(download.getAttribute('href')).toBe(DOCUMENT_URL);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(checks).toBe(3);
  });

  it('stops after 30 checks and leaves "I\'ve Signed" to the artist', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = serve(
      on('GET', '/api/contracts/current', () => current(awaiting())),
      on('POST', `/api/contracts/${REQUEST_ID}/sign-url`, () => ({
        status: 200,
        body: { success: true, signUrl: SIGN_URL },
      })),
      on('GET', statusPath, () => status(awaiting())),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { host, open } = fakeHost();
    renderPanel(host);
    await user.click(await screen.findByRole('button', { name: 'Continue signing' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Open Signing Window' }),
    );
    expect(open).toHaveBeenCalledOnce();

    for (let i = 0; i < 30; i += 1) await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(count(api.requests, 'GET', statusPath)).toBe(30);
    expect(await screen.findByText(/We stopped checking automatically/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(count(api.requests, 'GET', statusPath)).toBe(30);
    expect(screen.getByRole('button', { name: "I've Signed" })).toBeTruthy();
  });

  it('checks once at once when the signing window is closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const popup = { closed: false };
    const api = serve(
      on('GET', '/api/contracts/current', () => current()),
      on('POST', '/api/contracts/create', () => created()),
      on('GET', statusPath, () => status(awaiting())),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPanel(fakeHost(popup).host);
    await user.click(await screen.findByRole('button', { name: 'Review and Sign Agreement' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Open Signing Window' }),
    );
    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(count(api.requests, 'GET', statusPath)).toBe(1));
    expect(
      await screen.findByText('The signing window was closed before we received your signature.'),
    ).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(count(api.requests, 'GET', statusPath)).toBe(1);
  });

  it('"I\'ve Signed" re-checks an open request', async () => {
    let signed = false;
    serve(
      on('GET', '/api/contracts/current', () => current(awaiting())),
      on('GET', statusPath, () =>
        status(signed ? awaiting({ status: 'signed', signedAt: '2026-11-21T09:30:00.000Z' }) : awaiting()),
      ),
    );
    renderPanel(fakeHost().host);
    await userEvent.click(await screen.findByRole('button', { name: "I've Signed" }));
    expect(await screen.findByText(/We have not received your signature yet/)).toBeTruthy();
    signed = true;
    await userEvent.click(screen.getByRole('button', { name: "I've Signed" }));
    expect(
      await screen.findByRole('heading', { level: 2, name: CONTRACT_MESSAGES.signedLabel }),
    ).toBeTruthy();
  });

  it('shows a declined request and creates a new one on Retry', async () => {
    const api = serve(
      on('GET', '/api/contracts/current', () =>
        current(awaiting({ status: 'declined', declinedAt: '2026-11-20T11:00:00.000Z' })),
      ),
      on('POST', '/api/contracts/create', () => created(NEW_REQUEST_ID)),
    );
    renderPanel(fakeHost().host);
    expect(await screen.findByRole('heading', { level: 2, name: 'Agreement declined' })).toBeTruthy();
    expect(screen.getByText(/You declined the agreement\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('dialog', { name: CONTRACT_MESSAGES.dialogTitle })).toBeTruthy();
    expect(count(api.requests, 'POST', '/api/contracts/create')).toBe(1);
  });

  it('Cancel closes the dialog, leaves the request open and puts focus on the panel', async () => {
    serve(
      on('GET', '/api/contracts/current', () => current()),
      on('POST', '/api/contracts/create', () => created()),
    );
    const { host, open } = fakeHost();
    renderPanel(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Review and Sign Agreement' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const heading = screen.getByRole('heading', { level: 2, name: 'Waiting for your signature' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('button', { name: 'Continue signing' })).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it('shows an expired request', async () => {
    serve(on('GET', '/api/contracts/current', () => current(awaiting({ status: 'expired' }))));
    renderPanel(fakeHost().host);
    expect(await screen.findByText(/The signature request expired\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it.each([
    [409, 'This request is already in progress.', CONTRACT_MESSAGES.conflict],
    [409, IDENTICAL_REQUEST_MESSAGE, CONTRACT_MESSAGES.identicalInProgress],
    [500, 'Internal Server Error', CONTRACT_MESSAGES.couldNotCreate],
  ])('answers a %i "%s" from create with the spec text', async (code, error, text) => {
    serve(
      on('GET', '/api/contracts/current', () => current()),
      on('POST', '/api/contracts/create', () => ({ status: code, body: { success: false, error } })),
    );
    renderPanel(fakeHost().host);
    await userEvent.click(await screen.findByRole('button', { name: 'Review and Sign Agreement' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('says a failed status check in the spec words, with Retry and "I\'ve Signed"', async () => {
    serve(
      on('GET', '/api/contracts/current', () => current(awaiting())),
      on('GET', statusPath, () => ({
        status: 500,
        body: { success: false, error: 'Internal Server Error' },
      })),
    );
    renderPanel(fakeHost().host);
    await userEvent.click(await screen.findByRole('button', { name: "I've Signed" }));
    expect((await screen.findByRole('alert')).textContent).toBe(CONTRACT_MESSAGES.statusCheckFailed);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('button', { name: "I've Signed" })).toBeTruthy();
  });

  it('shows a signed agreement with its sealed copy', async () => {
    serve(
      on('GET', '/api/contracts/current', () =>
        current(
          awaiting({ status: 'signed', signedAt: '2026-11-21T09:30:00.000Z', documentUrl: DOCUMENT_URL }),
        ),
      ),
    );
    renderPanel(fakeHost().host);
    expect(await screen.findByRole('heading', { level: 2, name: 'Agreement Signed' })).toBeTruthy();
    expect(screen.getByText(/You signed your artist agreement on November 21, 2026/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download signed PDF' }).getAttribute('href')).toBe(DOCUMENT_URL);
  });
});
