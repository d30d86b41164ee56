import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { CONSENT_LABEL, SIGNING_MESSAGES, type SigningDocument } from '../../../domain';
import { mockApi, type RecordedRequest, renderArtistPage } from '../artist/common/artist-test-helpers';
import { SigningPage } from './signing-page';
import { SIGNING_TEXT_SHA, SIGNING_TOKEN, signingApiBase, signingDocument } from './signing-test-fixtures';

afterEach(() => vi.restoreAllMocks());

const TOKEN = SIGNING_TOKEN;
const SHA = SIGNING_TEXT_SHA;
const base = signingApiBase;

type Answer = { status: number; body: unknown };

function serve(routes: Record<string, (request: RecordedRequest) => Answer>) {
  return mockApi((request) => {
    const answer = routes[`${request.method} ${request.url.pathname}`];
    return answer ? answer(request) : { status: 404, body: { success: false, error: 'Not found' } };
  });
}

const documentAnswer = (doc: SigningDocument) => () => ({
  status: 200,
  body: { success: true, document: doc },
});
const action = (status: string) => () => ({ status: 200, body: { success: true, status } });

function renderPage() {
  return renderArtistPage(SigningPage, '/sign/:token', `/sign/${TOKEN}`);
}

describe('the signing page', () => {
  it('shows the agreement, the summary and the disclosures, and gates signing on consent', async () => {
    const api = serve({
      [`GET ${base}`]: documentAnswer(signingDocument()),
      [`POST ${base}/consent`]: action('awaiting_signature'),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review and sign your agreement' }),
    ).toBeTruthy();
    const article = screen.getByRole('article', { name: 'Artist Agreement' });
    expect(within(article).getByRole('heading', { level: 2, name: 'Artist Agreement' })).toBeTruthy();
    expect(article.textContent).toContain('Maya Rivers');

    const summary = screen.getByRole('region', { name: 'Summary' });
    for (const text of [
      'Prepared for',
      'maya@example.com',
      'Imprint',
      'Template version 3',
      'Sign by',
      'Document fingerprint (SHA-256)',
      SHA,
    ])
      expect(summary.textContent).toContain(text);

    const disclosures = screen.getByRole('region', { name: 'Before you sign' });
    expect(disclosures.textContent).toContain('Your right to a paper copy');
    expect(disclosures.textContent).toContain('hello@label.example');
    expect(screen.queryByRole('button', { name: 'Sign Agreement' })).toBeNull();

    const agree = screen.getByRole('button', { name: 'Agree and continue' });
    expect(agree.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Tick the box above to continue.')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: CONSENT_LABEL }));
    await userEvent.click(agree);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Your signature' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(api.requests.find((r) => r.url.pathname === `${base}/consent`)?.body).toEqual({ consent: true });
  });

  it('signs with a typed name, sending the document fingerprint', async () => {
    const api = serve({
      [`GET ${base}`]: documentAnswer(signingDocument({ consentedAt: '2026-11-21T09:05:00.000Z' })),
      [`POST ${base}/sign`]: action('signed'),
    });
    renderPage();
    const sign = await screen.findByRole('button', { name: 'Sign Agreement' });
    expect(sign.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(SIGNING_MESSAGES.typedNameRequired)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Type' }).getAttribute('aria-selected')).toBe('true');

    await userEvent.type(screen.getByRole('textbox', { name: 'Your full name' }), '  Maya Rivers ');
    expect(screen.getByRole('img', { name: 'Signature preview: Maya Rivers' }).textContent).toBe(
      'Maya Rivers',
    );
    expect(screen.queryByText(SIGNING_MESSAGES.typedNameRequired)).toBeNull();
    await userEvent.click(sign);

    expect(await screen.findByRole('heading', { level: 1, name: 'Agreement signed' })).toBeTruthy();
    expect(api.requests.find((r) => r.url.pathname === `${base}/sign`)?.body).toEqual({
      method: 'typed',
      typedName: 'Maya Rivers',
      documentSha256: SHA,
    });
    // Opened directly (no opener): the way back is a link, not 'Close window'.
    expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard?tab=1',
    );
    expect(screen.queryByRole('button', { name: 'Close window' })).toBeNull();
  });

  it('offers Close window when it was opened as the popup', async () => {
    const opener = Object.getOwnPropertyDescriptor(window, 'opener');
    Object.defineProperty(window, 'opener', { configurable: true, get: () => ({}) });
    onTestFinished(() => {
      if (opener) Object.defineProperty(window, 'opener', opener);
      else Reflect.deleteProperty(window, 'opener');
    });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    serve({
      [`GET ${base}`]: documentAnswer(signingDocument({ consentedAt: '2026-11-21T09:05:00.000Z' })),
      [`POST ${base}/sign`]: action('signed'),
    });
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your full name' }), 'Maya Rivers');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Agreement' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close window' }));
    expect(close).toHaveBeenCalledOnce();
  });

  it("shows the server's refusal in an alert", async () => {
    serve({
      [`GET ${base}`]: documentAnswer(signingDocument({ consentedAt: '2026-11-21T09:05:00.000Z' })),
      [`POST ${base}/sign`]: () => ({
        status: 409,
        body: { success: false, error: SIGNING_MESSAGES.documentChanged },
      }),
    });
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your full name' }), 'Maya Rivers');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Agreement' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNING_MESSAGES.documentChanged);
  });

  it('has a Draw tab with a labelled canvas and the keyboard alternative named', async () => {
    serve({ [`GET ${base}`]: documentAnswer(signingDocument({ consentedAt: '2026-11-21T09:05:00.000Z' })) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Draw' }));
    // jsdom has no 2D canvas: the page says so and points at the Type tab.
    expect(await screen.findByText(/Use the Type tab to sign with your typed name instead/)).toBeTruthy();
    expect(screen.getByText(SIGNING_MESSAGES.drawingRequired)).toBeTruthy();
  });

  it('declines with a reason', async () => {
    const api = serve({
      [`GET ${base}`]: documentAnswer(signingDocument()),
      [`POST ${base}/decline`]: action('declined'),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline to sign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline to sign?' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
      'The term is too long for me.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline agreement' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You declined the agreement' })).toBeTruthy();
    expect(api.requests.find((r) => r.url.pathname === `${base}/decline`)?.body).toEqual({
      reason: 'The term is too long for me.',
    });
  });

  it('refuses a reason over 500 characters before sending it', async () => {
    serve({ [`GET ${base}`]: documentAnswer(signingDocument()) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline to sign' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(501));
    expect(within(dialog).getByText(SIGNING_MESSAGES.declineReasonTooLong)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Decline agreement' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it("answers an unknown link with the server's words and the way back", async () => {
    serve({
      [`GET ${base}`]: () => ({ status: 404, body: { success: false, error: SIGNING_MESSAGES.linkInvalid } }),
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNING_MESSAGES.linkInvalid);
    expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard?tab=1',
    );
  });

  it('sends a visitor to sign in, with the way back', async () => {
    serve({ [`GET ${base}`]: () => ({ status: 401, body: { success: false, error: 'Not authenticated' } }) });
    const { router } = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(`/sign/${TOKEN}`);
  });

  it('says an already signed agreement is signed', async () => {
    serve({ [`GET ${base}`]: documentAnswer(signingDocument({ status: 'signed' })) });
    renderPage();
    expect(await screen.findByText(SIGNING_MESSAGES.alreadySigned)).toBeTruthy();
  });
});

describe('a release schedule signed on the signing page', () => {
  const SUBMISSION_ID = '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a12';
  const scheduleDocument = signingDocument({
    title: 'Release schedule: Golden Hour',
    consentedAt: '2026-11-21T09:05:00.000Z',
    scheduleSubmissionId: SUBMISSION_ID,
  });
  const requestId = scheduleDocument.requestId;
  const statusPath = `/api/contracts/${requestId}/status`;
  const documentUrl = `/api/contracts/${requestId}/document`;

  it('points to its sealed PDF and the verify page once sealed, and to where it is kept', async () => {
    let sealed = false;
    serve({
      [`GET ${base}`]: documentAnswer(scheduleDocument),
      [`POST ${base}/sign`]: action('signed'),
      [`GET ${statusPath}`]: () => ({
        status: 200,
        body: {
          success: true,
          signatureRequest: {
            id: requestId,
            status: 'signed',
            signedAt: '2026-11-21T09:30:00.000Z',
            ...(sealed ? { documentUrl } : {}),
          },
        },
      }),
    });
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your full name' }), 'Maya Rivers');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Schedule' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Release schedule signed' })).toBeTruthy();

    const copy = screen.getByRole('region', { name: 'Your signed copy' });
    expect(within(copy).getByText('Sealing your signed copy…')).toBeTruthy();
    expect(within(copy).queryByRole('link', { name: 'Download signed PDF' })).toBeNull();
    // Where it is kept, whatever happens next: full page loads into the signed-in area.
    expect(within(copy).getByRole('link', { name: "the release's page" }).getAttribute('href')).toBe(
      `/submission/${SUBMISSION_ID}`,
    );
    expect(
      within(copy).getByRole('link', { name: 'Dashboard → Contract Signing' }).getAttribute('href'),
    ).toBe('/dashboard?tab=1');

    sealed = true;
    const download = await within(copy).findByRole(
      'link',
      { name: 'Download signed PDF' },
      { timeout: 5_000 },
    );
    expect(download.getAttribute('href')).toBe(documentUrl);
    expect(download.getAttribute('download')).toBe('');
    expect(within(copy).getByRole('link', { name: 'Verify' }).getAttribute('href')).toBe(
      `/contracts/${requestId}/verify`,
    );
    expect(
      within(copy).getByText('Your signed release schedule is sealed and ready to download.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your release' }).getAttribute('href')).toBe(
      `/submission/${SUBMISSION_ID}`,
    );
  }, 10_000);

  it('keeps the agreement’s words: its copy is on the Contract Signing tab', async () => {
    const api = serve({
      [`GET ${base}`]: documentAnswer(signingDocument({ consentedAt: '2026-11-21T09:05:00.000Z' })),
      [`POST ${base}/sign`]: action('signed'),
    });
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your full name' }), 'Maya Rivers');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Agreement' }));
    expect(
      await screen.findByText(/download it from the Contract Signing tab of your dashboard/),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your signed copy' })).toBeNull();
    expect(api.requests.some((request) => request.url.pathname.endsWith('/status'))).toBe(false);
  });
});
