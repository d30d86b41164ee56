import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNING_MESSAGES } from '../../../../domain';
import { artists, jobs, signatureEvents, signatureRequests } from '../../../db/schema';
import { DROPBOX_SIGN_CALLBACK_PATH } from '../../../providers/signing/dropbox-sign';
import { getCurrentTemplate } from '../../../services/contracts/get-current-template';
import { sealAgreementJobType } from '../../../services/contracts/queue-seal-agreement';
import { type DropboxSignStandIn, startDropboxSignStandIn } from '../../../stand-ins/dropbox-sign';
import { multipartBody } from '../../../test/multipart';
import { type SignedIn, signIn } from '../../../test/sign-in';
import { createTestContext, type TestContext } from '../../../test/test-context';
import { CALLBACK_MESSAGES, DROPBOX_SIGN_CALLBACK_ANSWER } from './dropbox-sign';

let standIn: DropboxSignStandIn;
let ctx: TestContext;
let callbackUrl: string;

beforeAll(async () => {
  standIn = await startDropboxSignStandIn();
  ctx = await createTestContext({
    env: {
      DROPBOX_SIGN_API_KEY: standIn.apiKey,
      DROPBOX_SIGN_CLIENT_ID: standIn.clientId,
      DROPBOX_SIGN_TEMPLATE_ID: standIn.templateId,
      DROPBOX_SIGN_TEST_MODE: 'true',
      DROPBOX_SIGN_API_URL: standIn.apiUrl,
    },
  });
  // Dropbox Sign posts over HTTP: the callbacks go to a listening app, as in production.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  callbackUrl = `http://127.0.0.1:${port}${DROPBOX_SIGN_CALLBACK_PATH}`;
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An artist with an open Dropbox Sign request, created at the stand-in as the service does it. */
async function openRequest(name = 'Nova Lights') {
  const db = ctx.database.db;
  const email = `artist-${randomUUID().slice(0, 8)}@example.com`;
  const [artist] = await db.insert(artists).values({ email, name, artistName: name }).returning();
  if (!artist) throw new Error('no artist');
  const template = await getCurrentTemplate(db);
  const now = new Date(Date.now() - 60_000);
  const [row] = await db
    .insert(signatureRequests)
    .values({
      artistId: artist.id,
      templateId: template.id,
      templateVersion: template.version,
      provider: 'dropbox_sign',
      signerName: name,
      signerEmail: email,
      documentTitle: template.title,
      documentText: 'The agreement.',
      documentSha256: createHash('sha256').update('The agreement.').digest('hex'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    })
    .returning();
  if (!row) throw new Error('no request');
  const signing = ctx.app.providers.externalSigning;
  if (!signing) throw new Error('Dropbox Sign is not configured in this test');
  const started = await signing.createEmbeddedRequest({
    requestId: row.id,
    title: row.documentTitle,
    signerName: name,
    signerEmail: email,
    customFields: { artistName: name },
  });
  await db
    .update(signatureRequests)
    .set({ providerRequestId: started.providerRequestId, providerSignatureId: started.providerSignatureId })
    .where(eq(signatureRequests.id, row.id));
  standIn.requests.length = 0;
  return { requestId: row.id, artistId: artist.id, providerRequestId: started.providerRequestId };
}

async function requestRow(id: string) {
  const [row] = await ctx.database.db.select().from(signatureRequests).where(eq(signatureRequests.id, id));
  if (!row) throw new Error(`request ${id} is gone`);
  return row;
}

async function eventsOf(id: string) {
  return ctx.database.db
    .select()
    .from(signatureEvents)
    .where(eq(signatureEvents.requestId, id))
    .orderBy(asc(signatureEvents.id));
}

async function sealJobsOf(requestId: string) {
  const rows = await ctx.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.uniqueKey, `${sealAgreementJobType}:${requestId}`));
  return rows;
}

const acknowledged = { status: 200, body: DROPBOX_SIGN_CALLBACK_ANSWER };

describe('POST /api/contracts/dropbox-sign/callback', () => {
  it("acknowledges Dropbox Sign's callback test with the exact text", async () => {
    const response = await standIn.sendEvent(callbackUrl, 'callback_test', undefined);
    expect(response).toEqual(acknowledged);

    const injected = await ctx.app.inject({
      method: 'POST',
      url: DROPBOX_SIGN_CALLBACK_PATH,
      ...(() => {
        const { contentType, body } = multipartBody([
          { field: 'json', value: standIn.eventJson('callback_test', undefined) },
        ]);
        return { headers: { 'content-type': contentType }, payload: body };
      })(),
    });
    expect(injected.statusCode).toBe(200);
    expect(injected.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(injected.body).toBe('Hello API Event Received');
  });

  it('acknowledges verified events Imprint does not act on, recording them on their request', async () => {
    const { requestId, providerRequestId } = await openRequest();
    for (const type of ['signature_request_sent', 'signature_request_downloadable', 'some_future_event']) {
      expect(await standIn.sendEvent(callbackUrl, type, providerRequestId)).toEqual(acknowledged);
    }
    const row = await requestRow(requestId);
    expect(row.status).toBe('awaiting_signature');
    const events = await eventsOf(requestId);
    expect(events.map((e) => [e.type, (e.data as { eventType: string }).eventType])).toEqual([
      ['provider_event', 'signature_request_sent'],
      ['provider_event', 'signature_request_downloadable'],
      ['provider_event', 'some_future_event'],
    ]);
    expect(events[0]).toMatchObject({ ip: '127.0.0.1', userAgent: 'HelloSign API', actorUserId: null });
    // None of these change a status, so the provider was not asked.
    expect(standIn.requests).toEqual([]);
  });

  it('refuses a wrong event_hash with 401 and changes nothing', async () => {
    const { requestId, providerRequestId } = await openRequest();
    for (const type of ['signature_request_signed', 'signature_request_viewed', 'callback_test']) {
      const response = await standIn.sendEvent(callbackUrl, type, providerRequestId, { wrongHash: true });
      expect(response.status).toBe(401);
      expect(JSON.parse(response.body)).toEqual({ success: false, error: 'Invalid event hash' });
    }
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ status: 'awaiting_signature', viewedAt: null, signedAt: null });
    expect(await eventsOf(requestId)).toEqual([]);
    expect(await sealJobsOf(requestId)).toEqual([]);
    expect(standIn.requests).toEqual([]);
  });

  it('refuses a body that is not a Dropbox Sign event', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: DROPBOX_SIGN_CALLBACK_PATH,
      payload: { event: {} },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ success: false, error: CALLBACK_MESSAGES.notMultipart });
    expect(CALLBACK_MESSAGES.notMultipart).toBe('Send the event as multipart/form-data with a json field');

    const send = (parts: Parameters<typeof multipartBody>[0]) => {
      const { contentType, body } = multipartBody(parts);
      return ctx.app.inject({
        method: 'POST',
        url: DROPBOX_SIGN_CALLBACK_PATH,
        headers: { 'content-type': contentType },
        payload: body,
      });
    };
    const noField = await send([{ field: 'other', value: '{}' }]);
    expect(noField.statusCode).toBe(400);
    expect(noField.json()).toEqual({ success: false, error: CALLBACK_MESSAGES.notMultipart });

    for (const value of ['not json', '{}', JSON.stringify({ event: { event_type: 'x' } })]) {
      const response = await send([{ field: 'json', value }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: 'The json field is not a Dropbox Sign event',
      });
    }
  });

  it('records a view once: viewedAt and a viewed event', async () => {
    const { requestId, providerRequestId } = await openRequest();
    const eventTime = Math.floor(Date.now() / 1000) - 5;
    expect(
      await standIn.sendEvent(callbackUrl, 'signature_request_viewed', providerRequestId, { eventTime }),
    ).toEqual(acknowledged);
    let row = await requestRow(requestId);
    expect(row.status).toBe('awaiting_signature');
    expect(row.viewedAt?.getTime()).toBe(eventTime * 1000);

    // A redelivery of the same event writes nothing; a later view is logged but keeps the first time.
    expect(
      await standIn.sendEvent(callbackUrl, 'signature_request_viewed', providerRequestId, { eventTime }),
    ).toEqual(acknowledged);
    expect(
      await standIn.sendEvent(callbackUrl, 'signature_request_viewed', providerRequestId, {
        eventTime: eventTime + 2,
      }),
    ).toEqual(acknowledged);
    row = await requestRow(requestId);
    expect(row.viewedAt?.getTime()).toBe(eventTime * 1000);
    const events = await eventsOf(requestId);
    expect(events.map((e) => e.type)).toEqual(['provider_event', 'viewed', 'provider_event']);
    expect(events[1]?.data).toEqual({ provider: 'dropbox_sign', source: 'callback' });
  });

  it('moves viewed → signed, queues the seal, and the seal job stores the provider’s PDF', async () => {
    const { requestId, providerRequestId, artistId } = await openRequest();
    expect(await standIn.sendEvent(callbackUrl, 'signature_request_viewed', providerRequestId)).toEqual(
      acknowledged,
    );
    const signedTime = Math.floor(Date.now() / 1000);
    expect(
      await standIn.sendEvent(callbackUrl, 'signature_request_signed', providerRequestId, {
        eventTime: signedTime,
      }),
    ).toEqual(acknowledged);

    let row = await requestRow(requestId);
    expect(row.status).toBe('signed');
    expect(row.signedAt?.getTime()).toBe(signedTime * 1000);
    expect(row.tokenHash).toBeNull();
    // The status was confirmed with the provider before it was applied.
    expect(standIn.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: `/signature_request/${providerRequestId}`,
        status: 200,
      }),
    ]);
    const queued = await sealJobsOf(requestId);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ type: 'contracts.seal', payload: { requestId }, status: 'pending' });

    // The second event of a one-signer request changes nothing and asks nothing.
    standIn.requests.length = 0;
    expect(await standIn.sendEvent(callbackUrl, 'signature_request_all_signed', providerRequestId)).toEqual(
      acknowledged,
    );
    expect(standIn.requests).toEqual([]);
    expect(await sealJobsOf(requestId)).toHaveLength(1);

    const events = await eventsOf(requestId);
    expect(events.map((e) => [e.type, (e.data as { eventType?: string }).eventType])).toEqual([
      ['provider_event', 'signature_request_viewed'],
      ['viewed', undefined],
      ['provider_event', 'signature_request_signed'],
      ['signed', undefined],
      ['provider_event', 'signature_request_all_signed'],
    ]);
    expect(events[2]?.data).toMatchObject({ confirmedStatus: 'signed' });
    expect(events[3]?.data).toEqual({ provider: 'dropbox_sign', source: 'callback' });

    while (await ctx.app.jobs.runOnce()) {}
    row = await requestRow(requestId);
    const expected = Buffer.from(await standIn.pdfOf(providerRequestId));
    expect(row.sealedFileKey).toBe(`agreements/${artistId}/${requestId}.pdf`);
    expect(row.sealedBytes).toBe(expected.length);
    expect(row.sealedSha256).toBe(createHash('sha256').update(expected).digest('hex'));
    const stored = await readAll(await ctx.app.providers.storage.get(row.sealedFileKey ?? ''));
    expect(stored.equals(expected)).toBe(true);
    expect(standIn.requests.at(-1)).toMatchObject({
      path: `/signature_request/files/${providerRequestId}`,
      query: { file_type: 'pdf' },
      authUser: standIn.apiKey,
    });
    expect((await eventsOf(requestId)).at(-1)?.type).toBe('sealed');
  });

  it('records a decline with its reason', async () => {
    const { requestId, providerRequestId } = await openRequest();
    expect(
      await standIn.sendEvent(callbackUrl, 'signature_request_declined', providerRequestId, {
        declineReason: 'The royalty split is not what we agreed.',
      }),
    ).toEqual(acknowledged);
    const row = await requestRow(requestId);
    expect(row).toMatchObject({
      status: 'declined',
      declineReason: 'The royalty split is not what we agreed.',
      tokenHash: null,
    });
    expect(row.declinedAt).toBeInstanceOf(Date);
    expect((await eventsOf(requestId)).map((e) => e.type)).toEqual(['provider_event', 'declined']);
    expect(await sealJobsOf(requestId)).toEqual([]);

    // A signature reported after the decline does not reopen or sign it.
    expect(await standIn.sendEvent(callbackUrl, 'signature_request_signed', providerRequestId)).toEqual(
      acknowledged,
    );
    expect((await requestRow(requestId)).status).toBe('declined');
    expect((await eventsOf(requestId)).map((e) => e.type)).toEqual([
      'provider_event',
      'declined',
      'provider_event',
    ]);
  });

  it('expires a request Dropbox Sign expired or canceled', async () => {
    for (const type of ['signature_request_expired', 'signature_request_canceled']) {
      const { requestId, providerRequestId } = await openRequest();
      expect(await standIn.sendEvent(callbackUrl, type, providerRequestId)).toEqual(acknowledged);
      const row = await requestRow(requestId);
      expect(row.status).toBe('expired');
      expect(row.expiredAt).toBeInstanceOf(Date);
      const events = await eventsOf(requestId);
      expect(events.map((e) => e.type)).toEqual(['provider_event', 'expired']);
      expect(events[0]?.data).toMatchObject({ eventType: type, confirmedStatus: 'expired' });
    }
  });

  it('does not take a closing event on its word: the provider must confirm it', async () => {
    // A genuine (correctly hashed) event whose signature request the provider still shows as open,
    // as a replayed body with another request's id would be: the hash does not cover the body.
    const { requestId, providerRequestId } = await openRequest();
    expect(
      await standIn.sendEvent(callbackUrl, 'signature_request_signed', providerRequestId, {
        applyToRequest: false,
      }),
    ).toEqual(acknowledged);
    const row = await requestRow(requestId);
    expect(row.status).toBe('awaiting_signature');
    const events = await eventsOf(requestId);
    expect(events.map((e) => e.type)).toEqual(['provider_event']);
    expect(events[0]?.data).toMatchObject({ confirmedStatus: 'awaiting_signature' });
    expect(await sealJobsOf(requestId)).toEqual([]);
  });

  it('does not acknowledge a closing event it could not confirm, so Dropbox Sign retries it', async () => {
    const { requestId, providerRequestId } = await openRequest();
    standIn.failNext(2, { status: 500 });
    const response = await standIn.sendEvent(callbackUrl, 'signature_request_signed', providerRequestId);
    expect(response.status).toBe(503);
    expect(JSON.parse(response.body)).toEqual({
      success: false,
      error: 'The event could not be applied; it will be retried',
    });
    expect((await requestRow(requestId)).status).toBe('awaiting_signature');
    expect(await eventsOf(requestId)).toEqual([]);

    // The retry (same event, same hash) goes through.
    const retried = await standIn.sendEvent(callbackUrl, 'signature_request_signed', providerRequestId, {
      applyToRequest: false,
    });
    expect(retried).toEqual(acknowledged);
    expect((await requestRow(requestId)).status).toBe('signed');
  });

  it('acknowledges an event about a request Imprint does not have, changing nothing', async () => {
    const before = await ctx.database.db.select({ id: signatureEvents.id }).from(signatureEvents);
    expect(
      await standIn.sendEvent(
        callbackUrl,
        'signature_request_signed',
        'ffffffffffffffffffffffffffffffffffffffff',
      ),
    ).toEqual(acknowledged);
    const after = await ctx.database.db.select({ id: signatureEvents.id }).from(signatureEvents);
    expect(after).toHaveLength(before.length);
  });

  it('is exempt from the Origin check and the session: only the event hash counts', async () => {
    const signedInArtist = await signIn(ctx.app, ctx.database.db, 'cookie.holder@example.com');
    const post = (json: string, headers: Record<string, string>, url = DROPBOX_SIGN_CALLBACK_PATH) => {
      const { contentType, body } = multipartBody([{ field: 'json', value: json }]);
      return ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType, ...headers },
        payload: body,
      });
    };
    const good = standIn.eventJson('callback_test', undefined);
    const forged = standIn.eventJson('callback_test', undefined, { wrongHash: true });
    const variants: Record<string, string>[] = [
      { origin: 'https://elsewhere.example' },
      { cookie: signedInArtist.cookie },
      { referer: 'https://elsewhere.example/page' },
    ];
    for (const headers of variants) {
      const accepted = await post(good, headers);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.body).toBe(DROPBOX_SIGN_CALLBACK_ANSWER);
      // Our own origin and a valid session do not make up for a wrong hash.
      const refused = await post(forged, {
        ...headers,
        cookie: signedInArtist.cookie,
        origin: ctx.config.publicUrl,
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ success: false, error: 'Invalid event hash' });
    }
    // The exemption is this path only.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/contracts/create',
      headers: { cookie: signedInArtist.cookie, origin: 'https://elsewhere.example' },
      payload: {},
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('the artist agreement through Dropbox Sign, end to end', () => {
  let artist: SignedIn;
  const email = 'nova.dropbox@example.com';

  beforeAll(async () => {
    artist = await signIn(ctx.app, ctx.database.db, email);
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, string>) =>
    ctx.app.inject({ method, url, headers: artist.headers, ...(payload !== undefined ? { payload } : {}) });

  async function create() {
    const current = await call('GET', '/api/contracts/current');
    expect(current.statusCode, current.body).toBe(200);
    const artistId = current.json().artistId as string;
    standIn.requests.length = 0;
    const response = await call('POST', '/api/contracts/create', {
      artistId,
      artistName: 'Nova Lights',
      artistEmail: email,
    });
    return { artistId, response };
  }

  it("creates the request at Dropbox Sign; Imprint's signing page opens it with a fresh embedded URL", async () => {
    const { artistId, response } = await create();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const requestId = body.signatureRequest.id as string;
    expect(body).toEqual({
      success: true,
      signatureRequest: { id: requestId, signUrl: expect.stringMatching(/^\/sign\/[A-Za-z0-9_-]{43}$/) },
      signatureId: requestId,
    });
    const signUrl = body.signatureRequest.signUrl as string;

    // Their sign URLs are short-lived and single use: none is asked for until the page opens.
    const [createCall] = standIn.requests;
    expect(standIn.requests).toHaveLength(1);
    expect(createCall).toMatchObject({
      method: 'POST',
      path: '/signature_request/create_embedded_with_template',
      authUser: standIn.apiKey,
      authPassword: '',
      status: 200,
    });
    expect(createCall?.body).toMatchObject({
      client_id: standIn.clientId,
      template_ids: [standIn.templateId],
      signers: [{ role: 'Artist', name: 'Nova Lights', email_address: email }],
      metadata: { imprint_request_id: requestId },
      test_mode: true,
    });
    expect(createCall?.body.custom_fields).toEqual(
      expect.arrayContaining([
        { name: 'artistName', value: 'Nova Lights' },
        { name: 'artistEmail', value: email },
      ]),
    );
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ artistId, provider: 'dropbox_sign', status: 'awaiting_signature' });
    const providerRequest = standIn.signatureRequests.get(row.providerRequestId ?? '');
    expect(providerRequest?.signatures[0]?.signature_id).toBe(row.providerSignatureId);
    expect(row.tokenHash).not.toBeNull();

    const token = signUrl.split('/sign/')[1] ?? '';
    const page = await call('GET', `/api/signing/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/embedded/sign_url/${row.providerSignatureId}`,
      status: 200,
    });
    expect(page.json().document).toMatchObject({
      requestId,
      status: 'awaiting_signature',
      text: row.documentText,
      provider: 'dropbox_sign',
      providerSignUrl: standIn.issuedSignUrls.at(-1),
      providerClientId: standIn.clientId,
      providerTestMode: true,
    });
    // Each load spends a URL of theirs, so each load gets a new one.
    const again = await call('GET', `/api/signing/${token}`);
    expect(again.json().document.providerSignUrl).toBe(standIn.issuedSignUrls.at(-1));
    expect(again.json().document.providerSignUrl).not.toBe(page.json().document.providerSignUrl);

    // viewed → signed by callback; the status route and the sealed copy follow.
    const providerRequestId = row.providerRequestId ?? '';
    expect(await standIn.sendEvent(callbackUrl, 'signature_request_viewed', providerRequestId)).toEqual(
      acknowledged,
    );
    expect((await requestRow(requestId)).viewedAt).toBeInstanceOf(Date);
    expect(await standIn.sendEvent(callbackUrl, 'signature_request_signed', providerRequestId)).toEqual(
      acknowledged,
    );
    expect(await standIn.sendEvent(callbackUrl, 'signature_request_all_signed', providerRequestId)).toEqual(
      acknowledged,
    );
    const status = await call('GET', `/api/contracts/${requestId}/status`);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().signatureRequest).toMatchObject({ id: requestId, status: 'signed' });

    while (await ctx.app.jobs.runOnce()) {}
    const sealed = await requestRow(requestId);
    const expected = Buffer.from(await standIn.pdfOf(providerRequestId));
    expect(sealed.sealedSha256).toBe(createHash('sha256').update(expected).digest('hex'));
    const document = await call('GET', `/api/contracts/${requestId}/document`);
    expect(document.statusCode, document.body).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.rawPayload.equals(expected)).toBe(true);

    const types = (await eventsOf(requestId)).map((e) => e.type);
    expect(types.filter((t) => t === 'signed')).toHaveLength(1);
    expect(types).toEqual(
      expect.arrayContaining([
        'created',
        'link_issued',
        'provider_event',
        'viewed',
        'signed',
        'sealed',
        'downloaded',
      ]),
    );
  });

  it('answers 502 with a clear text when Dropbox Sign gives no sign URL, and records no view', async () => {
    // Left open by the previous test? It signed its request, so a new one can start.
    const { response } = await create();
    expect(response.statusCode, response.body).toBe(200);
    const requestId = response.json().signatureRequest.id as string;
    const token = (response.json().signatureRequest.signUrl as string).split('/sign/')[1] ?? '';
    // A Retry-After beyond what the client waits for fails at once.
    standIn.failNext(1, { status: 429, retryAfterSeconds: 3600 });
    const refused = await call('GET', `/api/signing/${token}`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ success: false, error: SIGNING_MESSAGES.providerUnavailable });
    expect(refused.json().error).toBe('Dropbox Sign could not be reached. Please try again in a moment.');
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ status: 'awaiting_signature', viewedAt: null });
    expect((await eventsOf(requestId)).map((e) => e.type)).toEqual(['created', 'link_issued']);

    // The next try works, and only then is the view recorded.
    const page = await call('GET', `/api/signing/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().document.providerSignUrl).toBe(standIn.issuedSignUrls.at(-1));
    expect((await eventsOf(requestId)).map((e) => e.type)).toEqual(['created', 'link_issued', 'viewed']);

    // A new link is Imprint's page again; the old token stops.
    const link = await call('POST', `/api/contracts/${requestId}/sign-url`);
    expect(link.statusCode, link.body).toBe(200);
    const nextUrl = link.json().signUrl as string;
    expect(nextUrl).toMatch(/^\/sign\/[A-Za-z0-9_-]{43}$/);
    expect(nextUrl).not.toContain(token);
    expect((await call('GET', `/api/signing/${token}`)).statusCode).toBe(404);
    // Declined at the provider so the next test can start its own request.
    const providerRequestId = (await requestRow(requestId)).providerRequestId ?? '';
    expect(await standIn.sendEvent(callbackUrl, 'signature_request_declined', providerRequestId)).toEqual(
      acknowledged,
    );
  });

  it('shows a decline reported by Dropbox Sign, and a repeated event changes nothing', async () => {
    const { response } = await create();
    // The previous test's request is signed: the artist may start another.
    expect(response.statusCode, response.body).toBe(200);
    const requestId = response.json().signatureRequest.id as string;
    const providerRequestId = (await requestRow(requestId)).providerRequestId ?? '';
    const eventTime = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 2; i += 1) {
      expect(
        await standIn.sendEvent(callbackUrl, 'signature_request_declined', providerRequestId, {
          eventTime,
          declineReason: 'Not now.',
        }),
      ).toEqual(acknowledged);
    }
    const status = await call('GET', `/api/contracts/${requestId}/status`);
    expect(status.json().signatureRequest).toMatchObject({ id: requestId, status: 'declined' });
    const events = (await eventsOf(requestId)).map((e) => e.type);
    expect(events.filter((t) => t === 'provider_event')).toHaveLength(1);
    expect(events.filter((t) => t === 'declined')).toHaveLength(1);
    expect((await requestRow(requestId)).declineReason).toBe('Not now.');
  });
});

describe('the callback without Dropbox Sign configured', () => {
  it('answers 404', async () => {
    const plain = await createTestContext();
    try {
      expect(plain.app.providers.externalSigning).toBeUndefined();
      const { contentType, body } = multipartBody([
        { field: 'json', value: standIn.eventJson('callback_test', undefined) },
      ]);
      const response = await plain.app.inject({
        method: 'POST',
        url: DROPBOX_SIGN_CALLBACK_PATH,
        headers: { 'content-type': contentType },
        payload: body,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Dropbox Sign is not configured' });
    } finally {
      await plain.close();
    }
  });
});
