import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNING_MESSAGES, type SigningDocument } from '../../../domain';
import { mockApi, renderArtistPage } from '../artist/common/artist-test-helpers';
import { DROPBOX_SIGN_CLOSED_MESSAGE } from './dropbox-sign-section';
import { SigningPage } from './signing-page';
import { SIGNING_TEXT_SHA, SIGNING_TOKEN, signingApiBase, signingDocument } from './signing-test-fixtures';

/**
 * Test-only stand-in for Dropbox Sign's third-party widget (it frames their site): it records
 * what the page asks of it, and the test plays the widget's events. close() emits 'close' as the
 * real client does, and only when open.
 */
const widget = vi.hoisted(() => {
  type Listener = (payload?: unknown) => void;
  class FakeHelloSign {
    static instances: FakeHelloSign[] = [];
    readonly listeners = new Map<string, Listener[]>();
    readonly opened: Array<{ url: string; options: unknown }> = [];
    isOpen = false;
    constructor(readonly options: { clientId: string }) {
      FakeHelloSign.instances.push(this);
    }
    on(name: string, listener: Listener) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
      return this;
    }
    off(name: string) {
      this.listeners.delete(name);
      return this;
    }
    open(url: string, options?: unknown) {
      this.opened.push({ url, options });
      this.isOpen = true;
    }
    close() {
      if (!this.isOpen) return;
      this.isOpen = false;
      this.emit('close');
    }
    emit(name: string, payload?: unknown) {
      for (const listener of this.listeners.get(name) ?? []) listener(payload);
    }
  }
  return { FakeHelloSign };
});

vi.mock('hellosign-embedded', () => ({ default: widget.FakeHelloSign }));

const TOKEN = SIGNING_TOKEN;
const SHA = SIGNING_TEXT_SHA;
const base = signingApiBase;
const FIRST_URL = 'https://app.hellosign.com/editor/embeddedSign?signature_id=sig-1&token=aaa';
const SECOND_URL = 'https://app.hellosign.com/editor/embeddedSign?signature_id=sig-1&token=bbb';

function dropboxDocument(overrides: Partial<SigningDocument> = {}): SigningDocument {
  return signingDocument({
    provider: 'dropbox_sign',
    providerSignUrl: FIRST_URL,
    providerClientId: 'client-123',
    providerTestMode: true,
    ...overrides,
  });
}

/** Answers GET /api/signing/:token with each document in turn (the server hands out a new URL each time). */
function serveDocuments(...answers: Array<SigningDocument | { status: number; error: string }>) {
  let served = 0;
  return mockApi((request) => {
    if (request.method !== 'GET' || request.url.pathname !== base)
      return { status: 404, body: { success: false, error: 'Not found' } };
    const answer = answers[Math.min(served, answers.length - 1)];
    served += 1;
    if (answer && 'error' in answer)
      return { status: answer.status, body: { success: false, error: answer.error } };
    return { status: 200, body: { success: true, document: answer } };
  });
}

function renderPage() {
  return renderArtistPage(SigningPage, '/sign/:token', `/sign/${TOKEN}`);
}

const lastWidget = () => {
  const instance = widget.FakeHelloSign.instances.at(-1);
  if (!instance) throw new Error('the page made no Dropbox Sign client');
  return instance;
};

beforeEach(() => {
  widget.FakeHelloSign.instances.length = 0;
});
afterEach(() => vi.restoreAllMocks());

describe('a Dropbox Sign request on the signing page', () => {
  it('keeps the agreement and summary, opens the embedded client with the URL and test mode, and shows a signature', async () => {
    const api = serveDocuments(dropboxDocument());
    renderPage();
    const button = await screen.findByRole('button', { name: 'Sign with Dropbox Sign' });
    const article = screen.getByRole('article', { name: 'Artist Agreement' });
    expect(article.textContent).toContain('Maya Rivers');
    expect(screen.getByRole('region', { name: 'Summary' }).textContent).toContain(SHA);
    expect(screen.getByRole('heading', { level: 2, name: 'Your signature' })).toBeTruthy();
    // Nothing of the built-in flow: no consent box, no typed or drawn signature.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Agreement' })).toBeNull();
    // The client is loaded on demand, not with the page.
    expect(widget.FakeHelloSign.instances).toHaveLength(0);

    await userEvent.click(button);
    await waitFor(() => expect(widget.FakeHelloSign.instances).toHaveLength(1));
    const client = lastWidget();
    expect(client.options).toEqual({ clientId: 'client-123' });
    expect(client.opened).toEqual([
      { url: FIRST_URL, options: { testMode: true, skipDomainVerification: true } },
    ]);
    // The first URL came with the page: no second request for it.
    expect(api.requests).toHaveLength(1);

    act(() => client.emit('sign', { signatureId: 'sig-1' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Agreement signed' });
    expect(heading.parentElement?.textContent).toContain('Dropbox Sign has your signature');
    expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard?tab=1',
    );
    // Their client closes itself after 'finish': that is no "closed without signing".
    act(() => {
      client.emit('finish');
      client.close();
    });
    expect(screen.queryByText(DROPBOX_SIGN_CLOSED_MESSAGE)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Agreement signed' })).toBeTruthy();
  });

  it('says the client was closed without signing, and opens it again with a fresh URL', async () => {
    const api = serveDocuments(
      dropboxDocument({ providerTestMode: false }),
      dropboxDocument({ providerTestMode: false, providerSignUrl: SECOND_URL }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign with Dropbox Sign' }));
    await waitFor(() => expect(widget.FakeHelloSign.instances).toHaveLength(1));
    const client = lastWidget();
    expect(client.opened[0]).toEqual({
      url: FIRST_URL,
      options: { testMode: false, skipDomainVerification: false },
    });
    // The button waits while their client covers the page.
    expect(
      (screen.getByRole('button', { name: 'Sign with Dropbox Sign' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    // Their cancel emits 'cancel' and then closes.
    act(() => {
      client.emit('cancel');
      client.close();
    });
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(DROPBOX_SIGN_CLOSED_MESSAGE);

    await userEvent.click(screen.getByRole('button', { name: 'Sign with Dropbox Sign' }));
    // A used URL is single use: the page asks the server for a new one and reuses its client.
    await waitFor(() => expect(client.opened).toHaveLength(2));
    expect(api.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`GET ${base}`, `GET ${base}`]);
    expect(widget.FakeHelloSign.instances).toHaveLength(1);
    expect(client.opened[1]).toEqual({
      url: SECOND_URL,
      options: { testMode: false, skipDomainVerification: false },
    });
    expect(screen.queryByText(DROPBOX_SIGN_CLOSED_MESSAGE)).toBeNull();

    // Closed with the window's own close button (no 'cancel'): the same message.
    act(() => client.close());
    expect((await screen.findByRole('status')).textContent).toBe(DROPBOX_SIGN_CLOSED_MESSAGE);
  });

  it("shows the client's error in an alert and lets the artist try again", async () => {
    serveDocuments(dropboxDocument(), dropboxDocument({ providerSignUrl: SECOND_URL }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign with Dropbox Sign' }));
    await waitFor(() => expect(widget.FakeHelloSign.instances).toHaveLength(1));
    const client = lastWidget();

    act(() => client.emit('error', { signatureId: 'sig-1', code: 'signature_request_expired' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Dropbox Sign reported an error (code signature_request_expired). Open it again, or write to hello@label.example if it keeps happening.',
    );
    // The client is closed, and that close is not reported as the artist's.
    expect(client.isOpen).toBe(false);
    expect(screen.queryByText(DROPBOX_SIGN_CLOSED_MESSAGE)).toBeNull();
    const button = screen.getByRole('button', { name: 'Sign with Dropbox Sign' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);

    await userEvent.click(button);
    await waitFor(() => expect(client.opened).toHaveLength(2));
    expect(client.opened[1]?.url).toBe(SECOND_URL);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's words when no new Dropbox Sign URL can be had", async () => {
    serveDocuments(dropboxDocument(), { status: 502, error: SIGNING_MESSAGES.providerUnavailable });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign with Dropbox Sign' }));
    await waitFor(() => expect(widget.FakeHelloSign.instances).toHaveLength(1));
    act(() => lastWidget().close());
    await screen.findByRole('status');

    await userEvent.click(screen.getByRole('button', { name: 'Sign with Dropbox Sign' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Dropbox Sign could not be reached. Please try again in a moment.');
    expect(lastWidget().opened).toHaveLength(1);
    // The page itself stays: the agreement is still there to read.
    expect(screen.getByRole('article', { name: 'Artist Agreement' })).toBeTruthy();
  });

  it('shows a request signed meanwhile as signed instead of opening the client again', async () => {
    serveDocuments(dropboxDocument(), dropboxDocument({ status: 'signed', providerSignUrl: undefined }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign with Dropbox Sign' }));
    await waitFor(() => expect(widget.FakeHelloSign.instances).toHaveLength(1));
    act(() => lastWidget().close());
    await userEvent.click(await screen.findByRole('button', { name: 'Sign with Dropbox Sign' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Agreement signed' });
    expect(
      within(heading.parentElement as HTMLElement).getByText(SIGNING_MESSAGES.alreadySigned),
    ).toBeTruthy();
    expect(lastWidget().opened).toHaveLength(1);
  });

  it('says Dropbox Sign is unavailable when the page has no client id for it', async () => {
    serveDocuments(dropboxDocument({ providerClientId: undefined }));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNING_MESSAGES.providerUnavailable);
    expect(screen.queryByRole('button', { name: 'Sign with Dropbox Sign' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Artist Agreement' })).toBeTruthy();
  });
});
