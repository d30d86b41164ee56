import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNING_MESSAGES } from '../../../domain';
import { renderArtistPage } from '../artist/common/artist-test-helpers';
import { VerifyContractPage } from './verify-page';

afterEach(() => vi.restoreAllMocks());

const ID = 'b2c4e6f8-1a3c-4e5f-8a9b-0c1d2e3f4a5b';
const SEALED = '5d41402abc4b2a76b9719d911017c592aa8e5c2d1b6f3e4a7c8d9e0f1a2b3c4d';
const OTHER = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';

const info = {
  success: true,
  requestId: ID,
  artistId: 'a1b2c3d4-0000-4000-8000-000000000001',
  status: 'signed',
  signerName: 'Maya Rivers',
  signedAt: '2026-11-21T09:30:00.000Z',
  sealedAt: '2026-11-21T09:30:05.000Z',
  templateVersion: 1,
  sha256: SEALED,
  storedCopyMatches: true,
  signature: {
    subject: 'Imprint document seal',
    organisation: 'Imprint',
    signedAt: '2026-11-21T09:30:05.000Z',
    timeSource: 'server-clock',
    intact: true,
    coversWholeFile: true,
  },
};

/** jsdom's Blob has no arrayBuffer(); its FileReader reads one. */
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

interface Sent {
  method: string;
  path: string;
  contentType: string | null;
  body: unknown;
}

function serve(verify: (bytes: Uint8Array) => { status: number; body: unknown }) {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const headers = new Headers(init?.headers);
    sent.push({
      method: init?.method ?? 'GET',
      path,
      contentType: headers.get('content-type'),
      body: init?.body,
    });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/api/me')
      return json(200, {
        user: {
          userId: 'u1',
          email: 'maya@example.com',
          role: 'artist',
          name: 'Maya Rivers',
          artistName: 'Maya Rivers',
          picture: null,
        },
      });
    if (path === `/api/contracts/${ID}/verify` && init?.method === 'POST') {
      const bytes = await readBytes(init.body as Blob);
      const answer = verify(bytes);
      return json(answer.status, answer.body);
    }
    if (path === `/api/contracts/${ID}/verify`) return json(200, info);
    return json(404, { success: false, error: 'Not found' });
  });
  return sent;
}

async function checkFile(bytes: string) {
  renderArtistPage(VerifyContractPage, '/contracts/:id/verify', `/contracts/${ID}/verify`);
  const sealed = await screen.findByRole('region', { name: 'The sealed agreement' });
  const file = new File([bytes], 'artist-agreement-maya-rivers-signed.pdf', { type: 'application/pdf' });
  await userEvent.upload(screen.getByLabelText('PDF to check'), file);
  await userEvent.click(screen.getByRole('button', { name: 'Check this copy' }));
  return sealed;
}

describe('the verify page', () => {
  it('shows the sealed record and says a matching copy matches', async () => {
    const sent = serve(() => ({
      status: 200,
      body: { success: true, matches: true, sha256: SEALED, expectedSha256: SEALED },
    }));
    const sealed = await checkFile('%PDF-1.7 sealed');
    expect(sealed.textContent).toContain('Maya Rivers');
    expect(sealed.textContent).toContain('November 21, 2026');
    expect(sealed.textContent).toContain('Intact');
    expect(within(sealed).getByText(SEALED).tagName).toBe('CODE');
    const signature = within(sealed).getByRole('region', { name: 'Digital signature' });
    expect(signature.textContent).toContain('Signed by Imprint document seal');
    expect(signature.textContent).toMatch(/Time: November 21, 2026.* \(the server's clock\)/);
    expect(signature.textContent).toContain('Unchanged since signing');

    expect(await screen.findByText('This copy matches the sealed agreement.')).toBeTruthy();
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.contentType).toBe('application/pdf');
    expect(post?.body).toBeInstanceOf(File);
  });

  it('says a changed copy does not match, with both fingerprints', async () => {
    serve((bytes) => {
      expect(new TextDecoder().decode(bytes)).toBe('%PDF-1.7 changed');
      return { status: 200, body: { success: true, matches: false, sha256: OTHER, expectedSha256: SEALED } };
    });
    await checkFile('%PDF-1.7 changed');
    const result = (await screen.findByText('This copy does not match the sealed agreement.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(result).getByText(OTHER)).toBeTruthy();
    expect(within(result).getByText(SEALED)).toBeTruthy();
  });

  it("shows the server's words when the check is refused", async () => {
    serve(() => ({ status: 413, body: { success: false, error: SIGNING_MESSAGES.verifyTooLarge } }));
    await checkFile('%PDF-1.7 big');
    expect(await screen.findByText(SIGNING_MESSAGES.verifyTooLarge)).toBeTruthy();
  });
});
