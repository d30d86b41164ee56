import { createHmac } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DropboxSignStandIn, startDropboxSignStandIn } from '../../stand-ins/dropbox-sign';
import { DropboxSign, DropboxSignError, reduceStatus } from './dropbox-sign';

let standIn: DropboxSignStandIn;
let sleeps: number[];

function client(overrides: Partial<ConstructorParameters<typeof DropboxSign>[0]> = {}) {
  return new DropboxSign({
    apiKey: standIn.apiKey,
    clientId: standIn.clientId,
    templateId: standIn.templateId,
    testMode: true,
    apiUrl: standIn.apiUrl,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
}

async function startServer(listener: RequestListener) {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v3`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const input = {
  requestId: '0b7c1f4e-8f3a-4d1e-9a51-6f1b2c3d4e5f',
  title: 'Artist Agreement',
  signerName: 'Nova Lights',
  signerEmail: 'nova@example.com',
  customFields: { artistName: 'Nova Lights', labelName: 'Imprint Records', date: '21 November 2026' },
};

beforeAll(async () => {
  standIn = await startDropboxSignStandIn();
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
  sleeps = [];
});

describe('DropboxSign against the stand-in', () => {
  it('creates an embedded request from the template with the signer, fields, metadata and test mode', async () => {
    const created = await client().createEmbeddedRequest(input);
    expect(standIn.requests).toHaveLength(1);
    const [sent] = standIn.requests;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/signature_request/create_embedded_with_template',
      authUser: standIn.apiKey,
      authPassword: '',
      contentType: 'application/json',
      status: 200,
    });
    expect(sent?.body).toEqual({
      client_id: standIn.clientId,
      template_ids: [standIn.templateId],
      title: 'Artist Agreement',
      subject: 'Artist Agreement',
      signers: [{ role: 'Artist', name: 'Nova Lights', email_address: 'nova@example.com' }],
      custom_fields: [
        { name: 'artistName', value: 'Nova Lights' },
        { name: 'labelName', value: 'Imprint Records' },
        { name: 'date', value: '21 November 2026' },
      ],
      metadata: { imprint_request_id: input.requestId },
      test_mode: true,
    });
    const stored = standIn.signatureRequests.get(created.providerRequestId);
    expect(stored?.signatures[0]?.signature_id).toBe(created.providerSignatureId);
    expect(created.providerRequestId).toMatch(/^[0-9a-f]{40}$/);
  });

  it('gets the embedded sign URL with its expiry', async () => {
    const created = await client().createEmbeddedRequest(input);
    standIn.requests.length = 0;
    const before = Date.now();
    const { signUrl, expiresAt } = await client().getSignUrl(created.providerSignatureId);
    expect(standIn.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: `/embedded/sign_url/${created.providerSignatureId}`,
        authUser: standIn.apiKey,
        status: 200,
      }),
    ]);
    expect(signUrl).toContain(`signature_id=${created.providerSignatureId}`);
    expect(signUrl.startsWith(standIn.apiUrl.replace(/\/v3$/, ''))).toBe(true);
    // Unix seconds, one hour ahead.
    expect(expiresAt.getTime()).toBeGreaterThan(before + 3_590_000);
    expect(expiresAt.getTime()).toBeLessThan(before + 3_610_000);
  });

  it("reduces the request's state to Imprint's statuses", async () => {
    const signing = client();
    const awaiting = await signing.createEmbeddedRequest(input);
    expect(await signing.getStatus(awaiting.providerRequestId)).toBe('awaiting_signature');
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/signature_request/${awaiting.providerRequestId}`,
      authUser: standIn.apiKey,
    });

    const stored = standIn.signatureRequests.get(awaiting.providerRequestId);
    if (!stored?.signatures[0]) throw new Error('the stand-in lost the request');
    stored.signatures[0].status_code = 'signed';
    stored.is_complete = true;
    expect(await signing.getStatus(awaiting.providerRequestId)).toBe('signed');

    const declined = await signing.createEmbeddedRequest(input);
    const declinedRow = standIn.signatureRequests.get(declined.providerRequestId);
    if (!declinedRow?.signatures[0]) throw new Error('the stand-in lost the request');
    declinedRow.signatures[0].status_code = 'declined';
    declinedRow.is_declined = true;
    expect(await signing.getStatus(declined.providerRequestId)).toBe('declined');

    const expired = await signing.createEmbeddedRequest(input);
    const expiredRow = standIn.signatureRequests.get(expired.providerRequestId);
    if (!expiredRow) throw new Error('the stand-in lost the request');
    expiredRow.expires_at = Math.floor(Date.now() / 1000) - 60;
    expect(await signing.getStatus(expired.providerRequestId)).toBe('expired');

    // A canceled request is gone (410): it can no longer be signed.
    const canceled = await signing.createEmbeddedRequest(input);
    const canceledRow = standIn.signatureRequests.get(canceled.providerRequestId);
    if (!canceledRow) throw new Error('the stand-in lost the request');
    canceledRow.canceled = true;
    expect(await signing.getStatus(canceled.providerRequestId)).toBe('expired');
  });

  it('reduces status codes the way the API reports them', () => {
    const now = Date.UTC(2026, 10, 21);
    const signature = (status_code: string) => ({ signature_id: 'x', status_code });
    expect(reduceStatus({ is_complete: false, signatures: [signature('awaiting_signature')] }, now)).toBe(
      'awaiting_signature',
    );
    expect(reduceStatus({ is_complete: false, signatures: [signature('signed')] }, now)).toBe('signed');
    expect(reduceStatus({ is_complete: true, signatures: [] }, now)).toBe('signed');
    expect(reduceStatus({ is_declined: true, signatures: [signature('awaiting_signature')] }, now)).toBe(
      'declined',
    );
    expect(reduceStatus({ signatures: [signature('declined')] }, now)).toBe('declined');
    expect(reduceStatus({ expires_at: now / 1000, signatures: [signature('awaiting_signature')] }, now)).toBe(
      'expired',
    );
    expect(
      reduceStatus({ expires_at: now / 1000 + 1, signatures: [signature('awaiting_signature')] }, now),
    ).toBe('awaiting_signature');
  });

  it('downloads the signed PDF as binary', async () => {
    const created = await client().createEmbeddedRequest(input);
    standIn.requests.length = 0;
    const bytes = await client().downloadSignedPdf(created.providerRequestId);
    expect(standIn.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: `/signature_request/files/${created.providerRequestId}`,
        query: { file_type: 'pdf' },
        authUser: standIn.apiKey,
      }),
    ]);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(Buffer.from(bytes).equals(Buffer.from(await standIn.pdfOf(created.providerRequestId)))).toBe(true);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toBe('Artist Agreement');
  });

  it('refuses a download that is not a PDF (a proxy page answered 200)', async () => {
    const proxy = await startServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Maintenance</body></html>');
    });
    try {
      const failure = await client({ apiUrl: proxy.url })
        .downloadSignedPdf('abc')
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(DropboxSignError);
      expect((failure as Error).message).toBe('Dropbox Sign answered a file that is not a PDF (37 bytes)');
    } finally {
      await proxy.close();
    }
  });

  it("throws Dropbox Sign's error name and message with the HTTP status", async () => {
    const failure = await client()
      .createEmbeddedRequest({ ...input, signerEmail: '' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DropboxSignError);
    const error = failure as DropboxSignError;
    expect(error.status).toBe(400);
    expect(error.errorName).toBe('bad_request');
    expect(error.errorMsg).toBe('Missing parameter: email_address');
    expect(error.message).toBe(
      'Dropbox Sign answered 400 for POST /signature_request/create_embedded_with_template: bad_request: Missing parameter: email_address',
    );
    expect(error.transient).toBe(false);
    expect(standIn.requests.at(-1)?.status).toBe(400);

    const unknown = await client()
      .getStatus('0000000000000000000000000000000000000000')
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ status: 404, errorName: 'not_found', errorMsg: 'Not found' });

    const wrongTemplate = await client({ templateId: 'not-the-template' })
      .createEmbeddedRequest(input)
      .catch((e: unknown) => e);
    expect(wrongTemplate).toMatchObject({
      status: 404,
      errorName: 'not_found',
      errorMsg: 'Template not found',
    });
  });

  it('authenticates with the API key as the Basic user name and no password', async () => {
    const failure = await client({ apiKey: 'wrong-key' })
      .getSignUrl('abc')
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({
      status: 401,
      errorName: 'unauthorized',
      errorMsg: 'Unauthorized api key',
      message: 'Dropbox Sign answered 401 for GET /embedded/sign_url/abc: unauthorized: Unauthorized api key',
    });
    expect(standIn.requests.at(-1)).toMatchObject({ authUser: 'wrong-key', authPassword: '', status: 401 });
  });

  it('waits out a 429 for its Retry-After, at most twice', async () => {
    const created = await client().createEmbeddedRequest(input);
    standIn.requests.length = 0;
    standIn.failNext(2, { status: 429, retryAfterSeconds: 3 });
    expect(await client().getStatus(created.providerRequestId)).toBe('awaiting_signature');
    expect(standIn.requests.map((r) => r.status)).toEqual([429, 429, 200]);
    expect(sleeps).toEqual([3000, 3000]);

    standIn.requests.length = 0;
    sleeps = [];
    standIn.failNext(3, { status: 429, retryAfterSeconds: 1 });
    const failure = await client()
      .getStatus(created.providerRequestId)
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 429, errorName: 'exceeded_rate', errorMsg: 'Too many requests' });
    expect((failure as DropboxSignError).transient).toBe(true);
    expect(standIn.requests.map((r) => r.status)).toEqual([429, 429, 429]);
    expect(sleeps).toEqual([1000, 1000]);
  });

  it('retries a create after a 429 (the request was not taken), but not after a 500', async () => {
    standIn.failNext(1, { status: 429, retryAfterSeconds: 2 });
    const created = await client().createEmbeddedRequest(input);
    expect(standIn.requests.map((r) => r.status)).toEqual([429, 200]);
    expect(standIn.signatureRequests.has(created.providerRequestId)).toBe(true);

    standIn.requests.length = 0;
    standIn.failNext(1, { status: 500 });
    const failure = await client()
      .createEmbeddedRequest(input)
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({
      status: 500,
      errorName: 'unknown',
      errorMsg: 'An unknown error occurred',
    });
    expect(standIn.requests.map((r) => r.status)).toEqual([500]);
  });

  it('gives up on a Retry-After longer than it may wait', async () => {
    standIn.failNext(1, { status: 429, retryAfterSeconds: 120 });
    const failure = await client()
      .getSignUrl('abc')
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 429 });
    expect(sleeps).toEqual([]);
    expect(standIn.requests).toHaveLength(1);
  });

  it('retries a read once after a 500', async () => {
    const created = await client().createEmbeddedRequest(input);
    standIn.requests.length = 0;
    standIn.failNext(1, { status: 500 });
    expect(await client().getStatus(created.providerRequestId)).toBe('awaiting_signature');
    expect(standIn.requests.map((r) => r.status)).toEqual([500, 200]);

    standIn.requests.length = 0;
    standIn.failNext(2, { status: 500 });
    const failure = await client()
      .getStatus(created.providerRequestId)
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 500 });
    expect(standIn.requests.map((r) => r.status)).toEqual([500, 500]);
  });

  it('reports an unreachable API and a timeout as transient errors', async () => {
    const closed = await startDropboxSignStandIn();
    const apiUrl = closed.apiUrl;
    await closed.close();
    const failure = await client({ apiUrl })
      .getSignUrl('abc')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DropboxSignError);
    expect((failure as DropboxSignError).status).toBe(0);
    expect((failure as DropboxSignError).transient).toBe(true);
    expect((failure as Error).message).toMatch(
      /^Dropbox Sign could not be reached for GET \/embedded\/sign_url\/abc: /,
    );

    // A server that never answers.
    const silent = await startServer(() => {});
    try {
      const started = Date.now();
      const timedOut = await client({ apiUrl: silent.url, timeoutMs: 200 })
        .getSignUrl('abc')
        .catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(5000);
      expect((timedOut as DropboxSignError).status).toBe(0);
      expect((timedOut as Error).message).toMatch(/could not be reached .*(timeout|aborted)/i);
    } finally {
      await silent.close();
    }
  });
});

describe('DropboxSign.verifyEvent', () => {
  const eventTime = '1763712000';
  const eventType = 'signature_request_signed';
  const hashWith = (key: string, time = eventTime, type = eventType) =>
    createHmac('sha256', key).update(`${time}${type}`).digest('hex');

  it('accepts the HMAC-SHA256 of event_time + event_type keyed with the API key', () => {
    expect(
      client().verifyEvent({
        event_time: eventTime,
        event_type: eventType,
        event_hash: hashWith(standIn.apiKey),
      }),
    ).toBe(true);
  });

  it("accepts the stand-in's callback payload, as Dropbox Sign signs it", () => {
    const payload = JSON.parse(standIn.eventJson('callback_test', undefined));
    expect(client().verifyEvent(payload.event)).toBe(true);
    const forged = JSON.parse(standIn.eventJson('callback_test', undefined, { wrongHash: true }));
    expect(client().verifyEvent(forged.event)).toBe(false);
  });

  it('refuses another key, another time or type, a cut or malformed hash', () => {
    const good = hashWith(standIn.apiKey);
    const signing = client();
    expect(
      signing.verifyEvent({
        event_time: eventTime,
        event_type: eventType,
        event_hash: hashWith('other-key'),
      }),
    ).toBe(false);
    expect(signing.verifyEvent({ event_time: '1763712001', event_type: eventType, event_hash: good })).toBe(
      false,
    );
    expect(
      signing.verifyEvent({
        event_time: eventTime,
        event_type: 'signature_request_declined',
        event_hash: good,
      }),
    ).toBe(false);
    expect(
      signing.verifyEvent({ event_time: eventTime, event_type: eventType, event_hash: good.slice(0, 63) }),
    ).toBe(false);
    expect(
      signing.verifyEvent({ event_time: eventTime, event_type: eventType, event_hash: `${good}00` }),
    ).toBe(false);
    expect(signing.verifyEvent({ event_time: eventTime, event_type: eventType, event_hash: '' })).toBe(false);
    expect(
      signing.verifyEvent({
        event_time: eventTime,
        event_type: eventType,
        event_hash: `${good.slice(0, 62)}zz`,
      }),
    ).toBe(false);
    // Hex case does not matter: it is the same 32 bytes.
    expect(
      signing.verifyEvent({ event_time: eventTime, event_type: eventType, event_hash: good.toUpperCase() }),
    ).toBe(true);
  });
});
