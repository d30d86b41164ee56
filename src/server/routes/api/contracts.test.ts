import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGREEMENT_TEMPLATE_MESSAGES,
  ARTIST_NOT_FOUND,
  authMessages,
  CONTRACT_MESSAGES,
  DEMO_AGREEMENT_TEMPLATE,
  IDENTICAL_REQUEST_MESSAGE,
  SIGNED_DOCUMENT_MAX_BYTES,
  SIGNING_MESSAGES,
} from '../../../domain';
import {
  agreementTemplates,
  jobs,
  outboxMessages,
  signatureEvents,
  signatureRequests,
} from '../../db/schema';
import { ARTISTS_ONLY } from '../../policies/artists';
import { DropboxSign } from '../../providers/signing/dropbox-sign';
import { hashToken } from '../../services/auth/tokens';
import { type DropboxSignStandIn, startDropboxSignStandIn } from '../../stand-ins/dropbox-sign';
import { makePng } from '../../test/media-fixtures';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-context';
import { SIGNING_REQUESTS_PER_MINUTE, TOO_MANY_SIGNING_REQUESTS } from './signing';

let ctx: TestContext;
let staff: SignedIn;

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) ContractsTest/1.0';

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, ctx.database.db, 'curator@label.example');
});
afterAll(async () => ctx.close());

type Method = 'GET' | 'POST';

function call(method: Method, url: string, as: SignedIn | null, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(as ? as.headers : { origin: ctx.config.publicUrl }), 'user-agent': USER_AGENT },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function postRaw(url: string, as: SignedIn | null, body: Buffer, contentType = 'application/pdf') {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...(as ? as.headers : { origin: ctx.config.publicUrl }), 'content-type': contentType },
    payload: body,
  });
}

async function runJobs() {
  while (await ctx.app.jobs.runOnce()) {}
}

interface Artist {
  session: SignedIn;
  email: string;
  artistId: string;
}

let artistCount = 0;
async function newArtist(): Promise<Artist> {
  artistCount += 1;
  const email = `artist${artistCount}@example.com`;
  const session = await signIn(ctx.app, ctx.database.db, email);
  const current = await call('GET', '/api/contracts/current', session);
  expect(current.statusCode).toBe(200);
  return { session, email, artistId: current.json().artistId };
}

async function create(artist: Artist, artistName = `Artist Number ${artistCount}`) {
  return call('POST', '/api/contracts/create', artist.session, {
    artistId: artist.artistId,
    artistName,
    artistEmail: artist.email,
  });
}

async function created(
  artist: Artist,
  artistName?: string,
): Promise<{ id: string; token: string; signUrl: string }> {
  const response = await create(artist, artistName);
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  const signUrl: string = body.signatureRequest.signUrl;
  return { id: body.signatureId, signUrl, token: signUrl.split('/sign/')[1] ?? '' };
}

async function requestRow(id: string) {
  const [row] = await ctx.database.db.select().from(signatureRequests).where(eq(signatureRequests.id, id));
  if (!row) throw new Error('no request');
  return row;
}

async function eventTypes(id: string): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ type: signatureEvents.type })
    .from(signatureEvents)
    .where(eq(signatureEvents.requestId, id))
    .orderBy(asc(signatureEvents.id));
  return rows.map((r) => r.type);
}

async function openDocument(artist: Artist, token: string) {
  const response = await call('GET', `/api/signing/${token}`, artist.session);
  expect(response.statusCode).toBe(200);
  return response.json().document as { documentSha256: string; text: string; status: string };
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe('the built-in signing flow', () => {
  let owner: Artist;
  let other: Artist;
  let request: { id: string; token: string; signUrl: string };
  let firstText: string;

  beforeAll(async () => {
    owner = await newArtist();
    other = await newArtist();
  });

  it('previews the current template made out to the artist, creating version 1 from the demo', async () => {
    const response = await call('GET', '/api/contracts/template', owner.session);
    expect(response.statusCode).toBe(200);
    const { template } = response.json();
    expect(template.version).toBe(1);
    expect(template.title).toBe(DEMO_AGREEMENT_TEMPLATE.title);
    expect(template.text).toContain(ctx.config.label.name);
    expect(template.text).toContain(owner.email);
    expect(template.text).not.toContain('{{');
    const rows = await ctx.database.db.select().from(agreementTemplates);
    expect(rows).toHaveLength(1);
  });

  it('answers no request before the first one', async () => {
    const response = await call('GET', '/api/contracts/current', owner.session);
    expect(response.json()).toEqual({ success: true, artistId: owner.artistId, hasSignedContract: false });
  });

  it("refuses another artist's id and another e-mail", async () => {
    const wrongArtist = await call('POST', '/api/contracts/create', owner.session, {
      artistId: other.artistId,
      artistName: 'Someone',
      artistEmail: owner.email,
    });
    expect(wrongArtist.statusCode).toBe(404);
    expect(wrongArtist.json()).toEqual({ success: false, error: ARTIST_NOT_FOUND });
    const wrongEmail = await call('POST', '/api/contracts/create', owner.session, {
      artistId: owner.artistId,
      artistName: 'Someone',
      artistEmail: other.email,
    });
    expect(wrongEmail.statusCode).toBe(403);
    expect(wrongEmail.json().error).toBe(SIGNING_MESSAGES.identityMismatch);
    expect(await ctx.database.db.select().from(signatureRequests)).toHaveLength(0);
  });

  it('creates a request with the frozen text, its hash, a hashed token and two events', async () => {
    const response = await call('POST', '/api/contracts/create', owner.session, {
      artistId: owner.artistId,
      artistName: '  Nova Lights  ',
      artistEmail: owner.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.signatureId).toBe(body.signatureRequest.id);
    // A path: the page opens it on its own origin, where the session's cookie is.
    expect(body.signatureRequest.signUrl).toMatch(/^\/sign\/[A-Za-z0-9_-]{43}$/);
    const token = body.signatureRequest.signUrl.split('/sign/')[1];
    request = { id: body.signatureId, token, signUrl: body.signatureRequest.signUrl };

    const row = await requestRow(request.id);
    firstText = row.documentText;
    expect(row.status).toBe('awaiting_signature');
    expect(row.provider).toBe('builtin');
    expect(row.signerName).toBe('Nova Lights');
    expect(row.signerEmail).toBe(owner.email);
    expect(row.templateVersion).toBe(1);
    expect(row.documentText).toContain(`between ${ctx.config.label.name} ("the Label")`);
    expect(row.documentText).toContain('and Nova Lights ("the Artist")');
    expect(row.documentSha256).toBe(sha256(Buffer.from(row.documentText, 'utf8')));
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.tokenHash).not.toContain(token);
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(lifetime).toBe(30 * 86_400_000);
    expect((row.tokenExpiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(await eventTypes(request.id)).toEqual(['created', 'link_issued']);
  });

  it('refuses a second creation while one is open', async () => {
    const response = await create(owner);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, error: CONTRACT_MESSAGES.conflict });
  });

  it('shows the open request as current, without its link', async () => {
    const response = await call('GET', '/api/contracts/current', owner.session);
    const body = response.json();
    expect(body.hasSignedContract).toBe(false);
    expect(body.signatureRequest).toMatchObject({
      id: request.id,
      status: 'awaiting_signature',
      templateVersion: 1,
    });
    expect(body.signatureRequest.signUrl).toBeUndefined();
    expect(response.body).not.toContain(request.token);
  });

  it('issues a new link that replaces the old one', async () => {
    const response = await call('POST', `/api/contracts/${request.id}/sign-url`, owner.session);
    expect(response.statusCode).toBe(200);
    const signUrl: string = response.json().signUrl;
    expect(signUrl).toMatch(/^\/sign\/[A-Za-z0-9_-]{43}$/);
    expect(signUrl).not.toBe(request.signUrl);
    const old = await call('GET', `/api/signing/${request.token}`, owner.session);
    expect(old.statusCode).toBe(404);
    expect(old.json().error).toBe(SIGNING_MESSAGES.linkInvalid);
    request.token = signUrl.split('/sign/')[1] ?? '';
    const foreign = await call('POST', `/api/contracts/${request.id}/sign-url`, other.session);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(SIGNING_MESSAGES.requestNotFound);
  });

  it('lets only the signed-in owner open the signing page', async () => {
    const visitor = await call('GET', `/api/signing/${request.token}`, null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe(authMessages.notAuthenticated);
    for (const as of [other.session, staff]) {
      const response = await call('GET', `/api/signing/${request.token}`, as);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(SIGNING_MESSAGES.notYours);
      const consent = await call('POST', `/api/signing/${request.token}/consent`, as, { consent: true });
      expect(consent.statusCode).toBe(403);
      const sign = await call('POST', `/api/signing/${request.token}/sign`, as, {
        method: 'typed',
        typedName: 'Thief',
        documentSha256: '0'.repeat(64),
      });
      expect(sign.statusCode).toBe(403);
      const decline = await call('POST', `/api/signing/${request.token}/decline`, as, {});
      expect(decline.statusCode).toBe(403);
      expect(decline.json().error).toBe(SIGNING_MESSAGES.notYours);
    }
    for (const token of ['not-a-token', 'A'.repeat(43)]) {
      const unknown = await call('GET', `/api/signing/${token}`, owner.session);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe(SIGNING_MESSAGES.linkInvalid);
    }
    expect((await requestRow(request.id)).viewedAt).toBeNull();
  });

  it('shows the document and records the first view once', async () => {
    const response = await call('GET', `/api/signing/${request.token}`, owner.session);
    expect(response.statusCode).toBe(200);
    const { document } = response.json();
    expect(document).toMatchObject({
      requestId: request.id,
      status: 'awaiting_signature',
      title: DEMO_AGREEMENT_TEMPLATE.title,
      text: firstText,
      documentSha256: sha256(firstText),
      signerName: 'Nova Lights',
      signerEmail: owner.email,
      labelName: ctx.config.label.name,
      contactEmail: ctx.config.label.contactEmail,
      templateVersion: 1,
      provider: 'builtin',
    });
    expect(document.consentedAt).toBeUndefined();
    await call('GET', `/api/signing/${request.token}`, owner.session);
    const row = await requestRow(request.id);
    expect(row.viewedAt).toBeInstanceOf(Date);
    const views = await ctx.database.db
      .select()
      .from(signatureEvents)
      .where(and(eq(signatureEvents.requestId, request.id), eq(signatureEvents.type, 'viewed')));
    expect(views).toHaveLength(1);
    expect(views[0]?.userAgent).toBe(USER_AGENT);
    expect(views[0]?.ip).toBe('127.0.0.1');
  });

  it('refuses a signature before consent, then records consent once', async () => {
    const sign = await call('POST', `/api/signing/${request.token}/sign`, owner.session, {
      method: 'typed',
      typedName: 'Nova Lights',
      documentSha256: sha256(firstText),
    });
    expect(sign.statusCode).toBe(400);
    expect(sign.json().error).toBe(SIGNING_MESSAGES.consentRequired);
    const notTrue = await call('POST', `/api/signing/${request.token}/consent`, owner.session, {
      consent: false,
    });
    expect(notTrue.statusCode).toBe(400);
    for (let i = 0; i < 2; i += 1) {
      const consent = await call('POST', `/api/signing/${request.token}/consent`, owner.session, {
        consent: true,
      });
      expect(consent.statusCode).toBe(200);
      expect(consent.json()).toEqual({ success: true, status: 'awaiting_signature' });
    }
    expect((await requestRow(request.id)).consentedAt).toBeInstanceOf(Date);
    const document = (await call('GET', `/api/signing/${request.token}`, owner.session)).json().document;
    expect(typeof document.consentedAt).toBe('string');
  });

  it('refuses a changed document and every bad typed name with its message', async () => {
    const changed = await call('POST', `/api/signing/${request.token}/sign`, owner.session, {
      method: 'typed',
      typedName: 'Nova Lights',
      documentSha256: sha256(`${firstText} `),
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toBe(SIGNING_MESSAGES.documentChanged);
    const cases: [Record<string, unknown>, string][] = [
      [{ method: 'typed', typedName: ' N ' }, SIGNING_MESSAGES.typedNameRequired],
      [{ method: 'typed' }, SIGNING_MESSAGES.typedNameRequired],
      [{ method: 'typed', typedName: 'N'.repeat(101) }, SIGNING_MESSAGES.typedNameTooLong],
    ];
    for (const [signature, message] of cases) {
      const response = await call('POST', `/api/signing/${request.token}/sign`, owner.session, {
        documentSha256: sha256(firstText),
        ...signature,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
    expect((await requestRow(request.id)).status).toBe('awaiting_signature');
  });

  it('signs with a typed name: status, signer details and the seal job in one go', async () => {
    const response = await call('POST', `/api/signing/${request.token}/sign`, owner.session, {
      method: 'typed',
      typedName: '  Nova Lights ',
      documentSha256: sha256(firstText),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'signed' });
    const row = await requestRow(request.id);
    expect(row).toMatchObject({
      status: 'signed',
      signatureMethod: 'typed',
      signatureText: 'Nova Lights',
      signatureImage: null,
      signerIp: '127.0.0.1',
      signerUserAgent: USER_AGENT,
      tokenHash: null,
    });
    expect(row.signedAt).toBeInstanceOf(Date);

    const again = await call('POST', `/api/signing/${request.token}/sign`, owner.session, {
      method: 'typed',
      typedName: 'Nova Lights',
      documentSha256: sha256(firstText),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(SIGNING_MESSAGES.linkInvalid);
    const link = await call('POST', `/api/contracts/${request.id}/sign-url`, owner.session);
    expect(link.statusCode).toBe(409);
    expect(link.json().error).toBe(SIGNING_MESSAGES.alreadySigned);

    const status = await call('GET', `/api/contracts/${request.id}/status`, owner.session);
    expect(status.statusCode).toBe(200);
    expect(status.json().signatureRequest).toMatchObject({ id: request.id, status: 'signed' });
    expect(status.json().signatureRequest.documentUrl).toBeUndefined();
  });

  it('is not downloadable nor checkable until sealed', async () => {
    const download = await call('GET', `/api/contracts/${request.id}/document`, owner.session);
    expect(download.statusCode).toBe(409);
    expect(download.json().error).toBe(SIGNING_MESSAGES.notSealedYet);
    const info = await call('GET', `/api/contracts/${request.id}/verify`, owner.session);
    expect(info.statusCode).toBe(200);
    expect(info.json().sha256).toBeUndefined();
    const check = await postRaw(
      `/api/contracts/${request.id}/verify`,
      owner.session,
      Buffer.from('%PDF-1.7'),
    );
    expect(check.statusCode).toBe(409);
    expect(check.json().error).toBe(SIGNING_MESSAGES.notSealedYet);
  });

  it('seals by the job, then shows the document link and a signed profile', async () => {
    await runJobs();
    const row = await requestRow(request.id);
    expect(row.sealedFileKey).toBe(`agreements/${owner.artistId}/${request.id}.pdf`);
    expect(row.sealedSha256).toMatch(/^[0-9a-f]{64}$/);

    const current = (await call('GET', '/api/contracts/current', owner.session)).json();
    expect(current).toMatchObject({
      hasSignedContract: true,
      contractSignatureId: request.id,
      signatureRequest: {
        id: request.id,
        status: 'signed',
        documentUrl: `/api/contracts/${request.id}/document`,
      },
    });
    const profile = (await call('GET', '/api/artist/profile', owner.session)).json().profile;
    expect(profile.hasSignedContract).toBe(true);
    expect(profile.contractSignatureId).toBe(request.id);
    const otherProfile = (await call('GET', '/api/artist/profile', other.session)).json().profile;
    expect(otherProfile.hasSignedContract).toBe(false);
    expect(otherProfile.contractSignatureId).toBeUndefined();
    const staffView = (await call('GET', `/api/artists/${owner.artistId}`, staff)).json();
    expect(staffView.artist.hasSignedContract).toBe(true);
    const otherStaffView = (await call('GET', `/api/artists/${other.artistId}`, staff)).json();
    expect(otherStaffView.artist.hasSignedContract).toBe(false);
  });

  it('downloads the sealed PDF to the owner and staff, each download logged', async () => {
    const row = await requestRow(request.id);
    for (const as of [owner.session, staff]) {
      const response = await call('GET', `/api/contracts/${request.id}/document`, as);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="artist-agreement-nova-lights-signed.pdf"',
      );
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(Number(response.headers['content-length'])).toBe(row.sealedBytes);
      expect(sha256(response.rawPayload)).toBe(row.sealedSha256);
    }
    const downloads = (await eventTypes(request.id)).filter((t) => t === 'downloaded');
    expect(downloads).toHaveLength(2);
  });

  it('verifies the stored copy and an uploaded one; one changed byte does not match', async () => {
    const row = await requestRow(request.id);
    const info = await call('GET', `/api/contracts/${request.id}/verify`, owner.session);
    expect(info.json()).toMatchObject({
      success: true,
      requestId: request.id,
      artistId: row.artistId,
      status: 'signed',
      signerName: 'Nova Lights',
      templateVersion: 1,
      sha256: row.sealedSha256,
      storedCopyMatches: true,
      // The stored copy's digital signature, read back from the file as a PDF reader does.
      signature: {
        subject: 'Imprint document seal',
        organisation: 'Imprint',
        signedAt: new Date(Math.floor((row.sealedAt?.getTime() ?? 0) / 1000) * 1000).toISOString(),
        timeSource: 'server-clock',
        intact: true,
        coversWholeFile: true,
      },
    });
    const pdf = (await call('GET', `/api/contracts/${request.id}/document`, owner.session)).rawPayload;
    const same = await postRaw(`/api/contracts/${request.id}/verify`, owner.session, pdf);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({
      success: true,
      matches: true,
      sha256: row.sealedSha256,
      expectedSha256: row.sealedSha256,
    });
    const changed = Buffer.from(pdf);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = (changed[middle] ?? 0) ^ 0x01;
    const tampered = await postRaw(
      `/api/contracts/${request.id}/verify`,
      staff,
      changed,
      'application/octet-stream',
    );
    expect(tampered.statusCode).toBe(200);
    expect(tampered.json()).toEqual({
      success: true,
      matches: false,
      sha256: sha256(changed),
      expectedSha256: row.sealedSha256,
    });

    const empty = await postRaw(`/api/contracts/${request.id}/verify`, owner.session, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(SIGNING_MESSAGES.verifyNoFile);
    const none = await call('POST', `/api/contracts/${request.id}/verify`, owner.session);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(SIGNING_MESSAGES.verifyNoFile);
    const tooLarge = await postRaw(
      `/api/contracts/${request.id}/verify`,
      owner.session,
      Buffer.alloc(SIGNED_DOCUMENT_MAX_BYTES + 1, 0x20),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ success: false, error: SIGNING_MESSAGES.verifyTooLarge });
    const foreign = await postRaw(`/api/contracts/${request.id}/verify`, other.session, pdf);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(SIGNING_MESSAGES.requestNotFound);

    // A stored copy altered behind Imprint's back is reported as not matching.
    if (!row.sealedFileKey) throw new Error('not sealed');
    await ctx.app.providers.storage.put(row.sealedFileKey, changed, { contentType: 'application/pdf' });
    const afterTamper = await call('GET', `/api/contracts/${request.id}/verify`, staff);
    expect(afterTamper.json().storedCopyMatches).toBe(false);
    expect(afterTamper.json().signature).toMatchObject({ intact: false, coversWholeFile: true });
    await ctx.app.providers.storage.put(row.sealedFileKey, pdf, { contentType: 'application/pdf' });
  });

  it('keeps every event in the audit log, in order, with who and where', async () => {
    const response = await call('GET', `/api/contracts/${request.id}/audit`, owner.session);
    expect(response.statusCode).toBe(200);
    const { events } = response.json();
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'link_issued',
      'link_issued',
      'viewed',
      'consented',
      'signed',
      'sealed',
      // The owner's and staff's downloads, then the owner's copy fetched for the verify test.
      'downloaded',
      'downloaded',
      'downloaded',
    ]);
    expect(events[0]).toMatchObject({ actor: owner.email, ip: '127.0.0.1', userAgent: USER_AGENT });
    expect(events[0].detail).toBe('Template version 1');
    expect(events[5].detail).toBe('Typed name: Nova Lights');
    expect(events[8].actor).toBe('curator@label.example');
    const times = events.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const byStaff = await call('GET', `/api/contracts/${request.id}/audit`, staff);
    expect(byStaff.json().events).toHaveLength(events.length);
  });

  it('answers 404 to another artist on every request route, and 401 to visitors', async () => {
    const routes: [Method, string][] = [
      ['GET', `/api/contracts/${request.id}/status`],
      ['POST', `/api/contracts/${request.id}/sign-url`],
      ['GET', `/api/contracts/${request.id}/document`],
      ['GET', `/api/contracts/${request.id}/verify`],
      ['GET', `/api/contracts/${request.id}/audit`],
    ];
    for (const [method, url] of routes) {
      for (const id of [request.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const response = await call(method, url.replace(request.id, id), other.session);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ success: false, error: SIGNING_MESSAGES.requestNotFound });
      }
      const visitor = await call(method, url, null);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error).toBe(authMessages.notAuthenticated);
    }
    const visitorCheck = await postRaw(`/api/contracts/${request.id}/verify`, null, Buffer.from('%PDF-1.7'));
    expect(visitorCheck.statusCode).toBe(401);
    expect(visitorCheck.json().error).toBe(authMessages.notAuthenticated);
    const staffStatus = await call('GET', `/api/contracts/${request.id}/status`, staff);
    expect(staffStatus.statusCode).toBe(200);
    const staffLink = await call('POST', `/api/contracts/${request.id}/sign-url`, staff);
    expect(staffLink.statusCode).toBe(403);
    expect(staffLink.json().error).toBe(ARTISTS_ONLY);
  });

  it('keeps artist routes to artists and staff routes to staff', async () => {
    for (const [method, url] of [
      ['GET', '/api/contracts/current'],
      ['POST', '/api/contracts/create'],
      ['GET', '/api/contracts/template'],
    ] as [Method, string][]) {
      const visitor = await call(method, url, null, method === 'POST' ? {} : undefined);
      expect(visitor.statusCode).toBe(401);
      const byStaff = await call(method, url, staff, method === 'POST' ? {} : undefined);
      expect(byStaff.statusCode, url).toBe(method === 'POST' ? 400 : 403);
      if (method === 'GET') expect(byStaff.json().error).toBe(ARTISTS_ONLY);
    }
    const staffCreate = await call('POST', '/api/contracts/create', staff, {
      artistId: owner.artistId,
      artistName: 'x',
      artistEmail: owner.email,
    });
    expect(staffCreate.statusCode).toBe(403);
    expect(staffCreate.json().error).toBe(ARTISTS_ONLY);
    for (const [method, url, payload] of [
      ['POST', `/api/contracts/${request.id}/deadline`, { lastDay: '2030-01-01' }],
      ['GET', `/api/artists/${owner.artistId}/agreements`, undefined],
      ['GET', '/api/agreement-templates', undefined],
      ['POST', '/api/agreement-templates', { title: 't', body: '{{artistName}}' }],
    ] as [Method, string, unknown][]) {
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
      const byArtist = await call(method, url, owner.session, payload);
      expect(byArtist.statusCode).toBe(403);
      expect(byArtist.json().error).toBe(authMessages.staffOnly);
    }
  });
});

describe('two creations at once', () => {
  it('make exactly one request; the other is refused', async () => {
    const artist = await newArtist();
    const answers = await Promise.all([create(artist), create(artist), create(artist)]);
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(2);
    for (const response of refused)
      expect([CONTRACT_MESSAGES.conflict, IDENTICAL_REQUEST_MESSAGE]).toContain(response.json().error);
    const rows = await ctx.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.artistId, artist.artistId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(ok[0]?.json().signatureId);
  });
});

describe('a drawn signature', () => {
  it('is refused when missing or not a PNG, and signs with a real PNG', async () => {
    const artist = await newArtist();
    const request = await created(artist);
    const document = await openDocument(artist, request.token);
    await call('POST', `/api/signing/${request.token}/consent`, artist.session, { consent: true });
    // A tiny PNG whose header claims 60000 x 60000 pixels: refused before anything decodes it.
    const bomb = await makePng({ width: 2, height: 2, alpha: true });
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    const cases: [Record<string, unknown>, string][] = [
      [{ method: 'drawn' }, SIGNING_MESSAGES.drawingRequired],
      [
        { method: 'drawn', drawnSignature: `data:image/png;base64,${bomb.toString('base64')}` },
        SIGNING_MESSAGES.drawingInvalid,
      ],
      [{ method: 'drawn', drawnSignature: 'data:image/jpeg;base64,AAAA' }, SIGNING_MESSAGES.drawingInvalid],
      [
        { method: 'drawn', drawnSignature: 'data:image/png;base64,AAAAAAAAAAAAAAAA' },
        SIGNING_MESSAGES.drawingInvalid,
      ],
    ];
    for (const [signature, message] of cases) {
      const response = await call('POST', `/api/signing/${request.token}/sign`, artist.session, {
        documentSha256: document.documentSha256,
        ...signature,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const png = await makePng({ width: 300, height: 100, alpha: true });
    const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
    const response = await call('POST', `/api/signing/${request.token}/sign`, artist.session, {
      method: 'drawn',
      drawnSignature: dataUrl,
      documentSha256: document.documentSha256,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('signed');
    const row = await requestRow(request.id);
    expect(row).toMatchObject({
      status: 'signed',
      signatureMethod: 'drawn',
      signatureImage: dataUrl,
      signatureText: null,
    });
    const audit = (await call('GET', `/api/contracts/${request.id}/audit`, artist.session)).json().events;
    expect(audit.at(-1)).toMatchObject({ type: 'signed', detail: 'Drawn signature' });
  });
});

describe('declining', () => {
  it('refuses a long reason, records the decline with its reason and tells staff', async () => {
    const artist = await newArtist();
    const request = await created(artist, 'Quiet Harbour');
    await openDocument(artist, request.token);
    const long = await call('POST', `/api/signing/${request.token}/decline`, artist.session, {
      reason: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(SIGNING_MESSAGES.declineReasonTooLong);
    const reason = 'The royalty share is not written down yet.';
    const response = await call('POST', `/api/signing/${request.token}/decline`, artist.session, { reason });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'declined' });
    const row = await requestRow(request.id);
    expect(row).toMatchObject({ status: 'declined', declineReason: reason, tokenHash: null });
    expect(row.declinedAt).toBeInstanceOf(Date);

    const status = (await call('GET', `/api/contracts/${request.id}/status`, artist.session)).json();
    expect(status.signatureRequest).toMatchObject({ status: 'declined' });
    expect(typeof status.signatureRequest.declinedAt).toBe('string');
    const link = await call('POST', `/api/contracts/${request.id}/sign-url`, artist.session);
    expect(link.statusCode).toBe(409);
    expect(link.json().error).toBe(SIGNING_MESSAGES.declined);
    const audit = (await call('GET', `/api/contracts/${request.id}/audit`, staff)).json().events;
    expect(audit.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'link_issued',
      'viewed',
      'declined',
    ]);
    expect(audit[3].detail).toBe(reason);

    await runJobs();
    const notices = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, 'curator@label.example'));
    const notice = notices.find((m) => m.subject === 'Agreement declined: Quiet Harbour');
    expect(notice?.text).toContain(reason);
    expect(notice?.text).toContain(`${ctx.config.publicUrl}/artist/${artist.artistId}`);

    // A declined request no longer blocks a new one.
    const again = await created(artist);
    expect(again.id).not.toBe(request.id);
  });
});

describe('expiry', () => {
  it('is applied on read with its event, once, and closes the request to every action', async () => {
    const artist = await newArtist();
    const request = await created(artist);
    await ctx.database.db
      .update(signatureRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signatureRequests.id, request.id));
    for (let i = 0; i < 2; i += 1) {
      const status = await call('GET', `/api/contracts/${request.id}/status`, artist.session);
      expect(status.json().signatureRequest.status).toBe('expired');
    }
    expect(await eventTypes(request.id)).toEqual(['created', 'link_issued', 'expired']);
    expect((await requestRow(request.id)).expiredAt).toBeInstanceOf(Date);
    const consent = await call('POST', `/api/signing/${request.token}/consent`, artist.session, {
      consent: true,
    });
    expect(consent.statusCode).toBe(409);
    expect(consent.json().error).toBe(SIGNING_MESSAGES.expired);
    const sign = await call('POST', `/api/signing/${request.token}/sign`, artist.session, {
      method: 'typed',
      typedName: 'Too Late',
      documentSha256: '0'.repeat(64),
    });
    expect(sign.statusCode).toBe(409);
    expect(sign.json().error).toBe(SIGNING_MESSAGES.expired);
    const decline = await call('POST', `/api/signing/${request.token}/decline`, artist.session, {});
    expect(decline.statusCode).toBe(409);
    expect(decline.json().error).toBe(SIGNING_MESSAGES.expired);
    const link = await call('POST', `/api/contracts/${request.id}/sign-url`, artist.session);
    expect(link.statusCode).toBe(409);
    expect(link.json().error).toBe(SIGNING_MESSAGES.expired);
  });

  it('moves an overdue open request to expired when a new one is created', async () => {
    const artist = await newArtist();
    const first = await created(artist);
    await ctx.database.db
      .update(signatureRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signatureRequests.id, first.id));
    const second = await created(artist);
    expect((await requestRow(first.id)).status).toBe('expired');
    expect(await eventTypes(first.id)).toEqual(['created', 'link_issued', 'expired']);
    const current = (await call('GET', '/api/contracts/current', artist.session)).json();
    expect(current.signatureRequest.id).toBe(second.id);
  });

  it("follows staff's deadline: checked, later, then a past day ending it at once", async () => {
    const artist = await newArtist();
    const request = await created(artist);
    const url = `/api/contracts/${request.id}/deadline`;
    const invalid = await call('POST', url, staff, { lastDay: '31/12/2030' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe(SIGNING_MESSAGES.deadlineInvalid);
    const tooLate = await call('POST', url, staff, { lastDay: '2999-01-01' });
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().error).toBe(SIGNING_MESSAGES.deadlineTooLate);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const unknown = await call('POST', `/api/contracts/${id}/deadline`, staff, { lastDay: '2030-01-01' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe(SIGNING_MESSAGES.requestNotFound);
    }

    const later = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const extended = await call('POST', url, staff, { lastDay: later });
    expect(extended.statusCode).toBe(200);
    const nextMidnight = new Date(`${later}T00:00:00.000Z`).getTime() + 86_400_000;
    expect(extended.json()).toEqual({
      success: true,
      expiresAt: new Date(nextMidnight).toISOString(),
      status: 'awaiting_signature',
    });
    expect((await requestRow(request.id)).expiresAt.getTime()).toBe(nextMidnight);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const ended = await call('POST', url, staff, { lastDay: yesterday });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().status).toBe('expired');
    expect((await requestRow(request.id)).status).toBe('expired');
    const status = (await call('GET', `/api/contracts/${request.id}/status`, artist.session)).json();
    expect(status.signatureRequest.status).toBe('expired');

    const closed = await call('POST', url, staff, { lastDay: later });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe(SIGNING_MESSAGES.deadlineClosed);

    const audit = (await call('GET', `/api/contracts/${request.id}/audit`, staff)).json().events;
    expect(audit.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'link_issued',
      'deadline_changed',
      'deadline_changed',
      'expired',
    ]);
    expect(audit[2].detail).toBe(`New last day: ${later}`);
    expect(audit[3].detail).toBe(`New last day: ${yesterday}`);
    expect(audit[4].detail).toBe('The new deadline is in the past');
  });
});

describe("staff's agreement list", () => {
  it("lists an artist's requests newest first, and 404s an unknown artist", async () => {
    const artist = await newArtist();
    const first = await created(artist);
    await call('POST', `/api/signing/${first.token}/decline`, artist.session, { reason: 'Not now' });
    const second = await created(artist);
    const response = await call('GET', `/api/artists/${artist.artistId}/agreements`, staff);
    expect(response.statusCode).toBe(200);
    const { agreements } = response.json();
    expect(agreements.map((a: { id: string }) => a.id)).toEqual([second.id, first.id]);
    expect(agreements[1]).toMatchObject({
      status: 'declined',
      declineReason: 'Not now',
      signerEmail: artist.email,
      provider: 'builtin',
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const unknown = await call('GET', `/api/artists/${id}/agreements`, staff);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe(ARTIST_NOT_FOUND);
    }
  });
});

describe('agreement templates', () => {
  it('validates a new version with each message', async () => {
    const cases: [{ title: string; body: string }, string[]][] = [
      [{ title: '  ', body: 'Hello {{artistName}}' }, [AGREEMENT_TEMPLATE_MESSAGES.titleRequired]],
      [{ title: 'T'.repeat(201), body: 'Hello {{artistName}}' }, [AGREEMENT_TEMPLATE_MESSAGES.titleTooLong]],
      [{ title: 'Agreement', body: '   ' }, [AGREEMENT_TEMPLATE_MESSAGES.bodyRequired]],
      [
        { title: 'Agreement', body: `{{artistName}} ${'x'.repeat(50_000)}` },
        [AGREEMENT_TEMPLATE_MESSAGES.bodyTooLong],
      ],
      [{ title: 'Agreement', body: 'Hello artist' }, [AGREEMENT_TEMPLATE_MESSAGES.artistNameMissing]],
      [
        { title: '', body: 'Hello {{artist}} {{artist}}' },
        [
          AGREEMENT_TEMPLATE_MESSAGES.titleRequired,
          AGREEMENT_TEMPLATE_MESSAGES.unknownPlaceholder('artist'),
          AGREEMENT_TEMPLATE_MESSAGES.artistNameMissing,
        ],
      ],
    ];
    for (const [body, problems] of cases) {
      const response = await call('POST', '/api/agreement-templates', staff, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, error: problems[0], details: problems });
    }
  });

  it('saves a new version; new requests use it, older ones keep their frozen text', async () => {
    const before = await newArtist();
    const older = await created(before);
    const olderText = (await requestRow(older.id)).documentText;

    const list = (await call('GET', '/api/agreement-templates', staff)).json().templates;
    expect(list.map((t: { version: number }) => t.version)).toEqual([1]);
    expect(list[0]).toMatchObject({
      title: DEMO_AGREEMENT_TEMPLATE.title,
      body: DEMO_AGREEMENT_TEMPLATE.body,
    });

    const saved = await call('POST', '/api/agreement-templates', staff, {
      title: '  Artist Agreement 2027 ',
      body: '# Agreement\n\nBetween {{labelName}} and {{ artistName }} on {{date}}.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().template).toMatchObject({
      version: 2,
      title: 'Artist Agreement 2027',
      createdBy: 'curator@label.example',
    });
    const listed = (await call('GET', '/api/agreement-templates', staff)).json().templates;
    expect(listed.map((t: { version: number }) => t.version)).toEqual([2, 1]);
    // Who saved a version is told by address; the seeded demo has nobody.
    expect(listed.map((t: { createdBy: string | null }) => t.createdBy)).toEqual([
      'curator@label.example',
      null,
    ]);

    const after = await newArtist();
    const preview = (await call('GET', '/api/contracts/template', after.session)).json().template;
    expect(preview.version).toBe(2);
    expect(preview.text).toMatch(
      new RegExp(`^# Agreement\\n\\nBetween ${ctx.config.label.name} and .+ on .+\\.$`),
    );
    const newer = await created(after, 'Late Bloom');
    const newerRow = await requestRow(newer.id);
    expect(newerRow.templateVersion).toBe(2);
    expect(newerRow.documentTitle).toBe('Artist Agreement 2027');
    expect(newerRow.documentText).toContain('and Late Bloom on');
    const olderRow = await requestRow(older.id);
    expect(olderRow.templateVersion).toBe(1);
    expect(olderRow.documentText).toBe(olderText);
    const olderDocument = await openDocument(before, older.token);
    expect(olderDocument.text).toBe(olderText);
  });
});

describe('the signing API budget', () => {
  it('refuses a user past the limit per minute', async () => {
    const artist = await newArtist();
    let last = await call('GET', '/api/signing/unknown-token-value-000000', artist.session);
    for (let i = 1; i < SIGNING_REQUESTS_PER_MINUTE; i += 1)
      last = await call('GET', '/api/signing/unknown-token-value-000000', artist.session);
    expect(last.statusCode).toBe(404);
    const over = await call('GET', '/api/signing/unknown-token-value-000000', artist.session);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(TOO_MANY_SIGNING_REQUESTS);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('with Dropbox Sign configured (against the stand-in)', () => {
  let standIn: DropboxSignStandIn;
  let signing: TestContext;

  function signingClient(templateId: string) {
    return new DropboxSign({
      apiKey: standIn.apiKey,
      clientId: standIn.clientId,
      templateId,
      testMode: true,
      apiUrl: standIn.apiUrl,
      sleep: async () => {},
    });
  }

  async function dropboxArtist(context: TestContext, email: string) {
    const session = await signIn(context.app, context.database.db, email);
    const artistId = (
      await context.app.inject({ method: 'GET', url: '/api/contracts/current', headers: session.headers })
    ).json().artistId;
    const createIt = () =>
      context.app.inject({
        method: 'POST',
        url: '/api/contracts/create',
        headers: session.headers,
        payload: { artistId, artistName: 'Cloud Signer', artistEmail: email },
      });
    return { session, artistId, createIt };
  }

  beforeAll(async () => {
    standIn = await startDropboxSignStandIn();
    signing = await createTestContext({ providers: { externalSigning: signingClient(standIn.templateId) } });
  });
  afterAll(async () => {
    await signing.close();
    await standIn.close();
  });

  it("creates the provider's request and answers Imprint's signing page, which carries the provider's URL", async () => {
    const artist = await dropboxArtist(signing, 'cloud@example.com');
    const response = await artist.createIt();
    expect(response.statusCode).toBe(200);
    const { signatureId, signatureRequest } = response.json();
    // The provider's URLs are single use: none is spent before the page opens.
    expect(standIn.issuedSignUrls).toHaveLength(0);
    expect(signatureRequest.signUrl).toMatch(/^\/sign\/[A-Za-z0-9_-]{43}$/);
    const [row] = await signing.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, signatureId));
    expect(row?.provider).toBe('dropbox_sign');
    const providerRequest = standIn.signatureRequests.get(row?.providerRequestId ?? '');
    expect(providerRequest?.metadata).toEqual({ imprint_request_id: signatureId });
    expect(providerRequest?.signatures[0]?.signature_id).toBe(row?.providerSignatureId);
    expect(providerRequest?.custom_fields.find((f) => f.name === 'artistName')?.value).toBe('Cloud Signer');

    const link = await signing.app.inject({
      method: 'POST',
      url: `/api/contracts/${signatureId}/sign-url`,
      headers: artist.session.headers,
    });
    expect(link.statusCode).toBe(200);
    expect(standIn.issuedSignUrls).toHaveLength(0);
    const signUrl: string = link.json().signUrl;
    expect(signUrl).not.toBe(signatureRequest.signUrl);
    expect(signUrl).toMatch(/^\/sign\/[A-Za-z0-9_-]{43}$/);
    const oldToken = String(signatureRequest.signUrl).split('/sign/')[1];
    const stale = await signing.app.inject({
      method: 'GET',
      url: `/api/signing/${oldToken}`,
      headers: artist.session.headers,
    });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error).toBe(SIGNING_MESSAGES.linkInvalid);

    // The signing page names the provider and its client, with a fresh embedded URL of theirs.
    const token = signUrl.split('/sign/')[1];
    const page = await signing.app.inject({
      method: 'GET',
      url: `/api/signing/${token}`,
      headers: artist.session.headers,
    });
    expect(page.statusCode).toBe(200);
    expect(standIn.issuedSignUrls).toHaveLength(1);
    expect(page.json().document).toMatchObject({
      provider: 'dropbox_sign',
      providerClientId: standIn.clientId,
      providerSignUrl: standIn.issuedSignUrls[0],
      providerTestMode: true,
      status: 'awaiting_signature',
      text: row?.documentText,
    });

    const status = await signing.app.inject({
      method: 'GET',
      url: `/api/contracts/${signatureId}/status`,
      headers: artist.session.headers,
    });
    expect(status.json().signatureRequest.status).toBe('awaiting_signature');

    // Signed at the provider, no callback yet: the status poll asks the provider and applies it.
    if (!providerRequest) throw new Error('no provider request');
    providerRequest.is_complete = true;
    for (const signature of providerRequest.signatures) {
      signature.status_code = 'signed';
      signature.signed_at = Math.floor(Date.now() / 1000);
    }
    const signed = await signing.app.inject({
      method: 'GET',
      url: `/api/contracts/${signatureId}/status`,
      headers: artist.session.headers,
    });
    expect(signed.json().signatureRequest.status).toBe('signed');
    const types = (
      await signing.database.db
        .select({ type: signatureEvents.type })
        .from(signatureEvents)
        .where(eq(signatureEvents.requestId, signatureId))
        .orderBy(asc(signatureEvents.id))
    ).map((e) => e.type);
    expect(types).toEqual(['created', 'link_issued', 'link_issued', 'viewed', 'signed']);
    const sealJobs = await signing.database.db.select().from(jobs).where(eq(jobs.type, 'contracts.seal'));
    expect(sealJobs).toHaveLength(1);
  });

  it('closes the request as expired with the provider error and answers 502 when the provider refuses', async () => {
    const failing = await createTestContext({
      providers: { externalSigning: signingClient('0000000000000000000000000000000000000000') },
    });
    try {
      const artist = await dropboxArtist(failing, 'refused@example.com');
      const response = await artist.createIt();
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ success: false, error: CONTRACT_MESSAGES.failedToCreate });
      const [row] = await failing.database.db
        .select()
        .from(signatureRequests)
        .where(eq(signatureRequests.artistId, artist.artistId));
      expect(row).toMatchObject({
        status: 'expired',
        provider: 'dropbox_sign',
        tokenHash: null,
        providerRequestId: null,
      });
      const events = await failing.database.db
        .select()
        .from(signatureEvents)
        .where(eq(signatureEvents.requestId, row?.id ?? ''))
        .orderBy(asc(signatureEvents.id));
      expect(events.map((e) => e.type)).toEqual(['created', 'link_issued', 'expired']);
      expect(events[2]?.data).toMatchObject({ reason: 'provider_error' });
      expect(String((events[2]?.data as { error?: string } | null)?.error)).toMatch(/template/i);
      // Nothing is left open: the artist can try again.
      const current = (
        await failing.app.inject({
          method: 'GET',
          url: '/api/contracts/current',
          headers: artist.session.headers,
        })
      ).json();
      expect(current.signatureRequest.status).toBe('expired');
    } finally {
      await failing.close();
    }
  });
});
