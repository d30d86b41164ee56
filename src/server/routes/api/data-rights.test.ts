import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIST_NOT_FOUND,
  alreadyErasedMessage,
  DATA_REQUEST_MESSAGES,
  ERASED_ARTIST_NAME,
  formatLongDate,
} from '../../../domain';
import {
  artists,
  dataRequests,
  invitations,
  mailPreferences,
  releaseDeliveries,
  signatureEvents,
  signatureRequests,
  submissionEvents,
  submissionNotes,
  submissions,
  uploads,
  waitingListEntries,
} from '../../db/schema';
import { ARTISTS_ONLY } from '../../policies/artists';
import { hashToken } from '../../services/auth/tokens';
import { makeJpeg } from '../../test/media-fixtures';
import { multipartBody } from '../../test/multipart';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { postSubmission, prepareTestSubmission, runDueJobs } from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';
import { unzipEntries } from '../../test/unzip';

/**
 * Artists' data rights (the privacy policy answers data requests within 30 days): the artist's
 * download of everything held about them (artist.ts) and staff's erasure of an artist
 * (artists/erase.ts), checked against every table of the database and the storage.
 */

let ctx: TestContext;
let staff: SignedIn;
let artistA: SignedIn;
let artistB: SignedIn;

const A = {
  account: 'quillon.account@example.com',
  submitted: 'quillon-vesper@example.com',
  artistName: 'Quillon Vesper',
  name: 'Odalys Marchetti',
  firstName: 'Odalys',
  surname: 'Marchetti',
  phone: '+44 7700 900123',
};
const B = { account: 'other.artist@example.com', artistName: 'Brindle Oakhurst' };

let artistAId = '';
let itemA = '';
let itemB = '';
let agreementId = '';
let sealedSha256 = '';

const db = () => ctx.database.db;

function call(as: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: as ? as.headers : { origin: ctx.config.publicUrl },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function expectOk(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
}

/** An image uploaded while signed in: the only kind a profile picture may be. */
async function uploadPicture(as: SignedIn): Promise<string> {
  const { contentType, body } = multipartBody([
    { field: 'artistName', value: A.artistName },
    { field: 'fileType', value: 'artwork' },
    { field: 'sessionId', value: `form-${randomUUID()}` },
    { name: 'me.jpg', type: 'image/jpeg', body: await makeJpeg({ width: 400, height: 400 }) },
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload/storage',
    headers: { 'content-type': contentType, ...as.headers },
    payload: body,
  });
  expectOk(response);
  return response.json().fileId as string;
}

/** A's submission, in their own words and names, with a store-sized cover. */
async function submitAsA(): Promise<string> {
  const prepared = await prepareTestSubmission(ctx.app, { artworkSize: 1600, split: true });
  const form = prepared.payload.formData as Record<string, unknown>;
  Object.assign(form, {
    firstName: A.firstName,
    surname: A.surname,
    email: A.submitted,
    artistName: A.artistName,
    phone: A.phone,
    bio: `${A.firstName} grew up by the sea.`,
    influences: 'Tides',
  });
  prepared.payload.itemName = `${A.artistName} - First Light`;
  const response = await postSubmission(ctx.app, prepared.payload, { cookie: artistA.cookie });
  expectOk(response);
  return response.json().data.itemId as string;
}

async function signAgreement(as: SignedIn, artistId: string, email: string): Promise<string> {
  const created = await call(as, 'POST', '/api/contracts/create', {
    artistId,
    artistName: A.artistName,
    artistEmail: email,
  });
  expectOk(created);
  const { signatureId, signatureRequest } = created.json();
  const token = (signatureRequest.signUrl as string).split('/sign/')[1];
  const document = await call(as, 'GET', `/api/signing/${token}`);
  expectOk(document);
  expectOk(await call(as, 'POST', `/api/signing/${token}/consent`, { consent: true }));
  expectOk(
    await call(as, 'POST', `/api/signing/${token}/sign`, {
      method: 'typed',
      typedName: A.name,
      documentSha256: document.json().document.documentSha256,
    }),
  );
  await runDueJobs(ctx.app);
  return signatureId as string;
}

/** Every table of the database whose rows contain `needle` (any case), by name. */
async function tablesContaining(needle: string): Promise<string[]> {
  const tables = await db().execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
  const found: string[] = [];
  for (const name of names) {
    const result = await db().execute(
      sql`select count(*)::int as n from ${sql.identifier(name)} as t where strpos(lower(t::text), ${needle.toLowerCase()}) > 0`,
    );
    if ((result as unknown as { rows: { n: number }[] }).rows[0]?.n) found.push(name);
  }
  return found.sort();
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, db(), 'privacy.staff@label.example');
  artistA = await signIn(ctx.app, db(), A.account);
  artistB = await signIn(ctx.app, db(), B.account);

  const pictureId = await uploadPicture(artistA);
  expectOk(
    await call(artistA, 'PUT', '/api/artist/profile', {
      name: A.name,
      artistName: A.artistName,
      biography: `${A.name} writes songs about the coast.`,
      city: 'Falmouth',
      website: 'https://quillonvesper.example',
      pictureFileId: pictureId,
    }),
  );
  expectOk(await call(artistB, 'PUT', '/api/artist/profile', { artistName: B.artistName }));
  const [row] = await db().select().from(artists).where(eq(artists.email, A.account));
  artistAId = row?.id ?? '';

  itemA = await submitAsA();
  const other = await prepareTestSubmission(ctx.app);
  const posted = await postSubmission(ctx.app, other.payload, { cookie: artistB.cookie });
  expectOk(posted);
  itemB = posted.json().data.itemId;
  await runDueJobs(ctx.app);

  // The label's side: a private note, a decision with a message, and what exists by address.
  expectOk(
    await call(staff, 'POST', `/api/board/items/${itemA}/notes`, { body: `${A.artistName} is one to watch` }),
  );
  expectOk(
    await call(staff, 'POST', `/api/board/items/${itemA}/status`, {
      status: 'approved',
      message: `Welcome aboard, ${A.firstName}! Write to ${A.submitted} soon.`,
    }),
  );
  await runDueJobs(ctx.app);
  // The artist rates the decision's feedback, in their own words.
  const [decision] = await db()
    .select({ id: submissionEvents.id })
    .from(submissionEvents)
    .where(and(eq(submissionEvents.submissionId, itemA), eq(submissionEvents.type, 'status_changed')));
  expectOk(
    await call(artistA, 'PUT', `/api/profile/submissions/${itemA}/decisions/${decision?.id}/rating`, {
      rating: 5,
      comment: `Thank you, from ${A.artistName}`,
    }),
  );
  await db().insert(waitingListEntries).values({
    firstName: A.firstName,
    surname: A.surname,
    artistName: A.artistName,
    email: A.account,
    country: 'United Kingdom',
    city: 'Falmouth',
    listenLink: 'https://soundcloud.example/quillon',
  });
  await db()
    .insert(mailPreferences)
    .values({ email: A.account, kind: 'reminders', turnedOffAt: new Date(), changedVia: 'profile' });
  await db()
    .insert(invitations)
    .values({
      tokenHash: hashToken(randomUUID()),
      artistName: A.artistName,
      firstName: A.firstName,
      surname: A.surname,
      email: A.submitted,
      expiresAt: new Date(Date.now() + 86_400_000),
    });

  agreementId = await signAgreement(artistA, artistAId, A.account);
  const [request] = await db().select().from(signatureRequests).where(eq(signatureRequests.id, agreementId));
  sealedSha256 = request?.sealedSha256 ?? '';
  expect(sealedSha256).toMatch(/^[0-9a-f]{64}$/);
}, 120_000);
afterAll(async () => ctx?.close());

describe('the artist’s download of their data', () => {
  it('is the artist’s alone: a visitor signs in first, staff use the board', async () => {
    const visitor = await call(null, 'GET', '/api/artist/data-export.zip');
    expect(visitor.statusCode).toBe(401);
    const asStaff = await call(staff, 'GET', '/api/artist/data-export.zip');
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json().error).toBe(ARTISTS_ONLY);
  });

  it('holds their profile, submissions with links to their files, decisions, the signed PDF and records, and nobody else’s', async () => {
    const response = await call(artistA, 'GET', '/api/artist/data-export.zip');
    expectOk(response);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toContain(`imprint-data-quillon-vesper-${day}.zip`);

    const files = await unzipEntries(response.rawPayload);
    const names = [...files.keys()].sort();
    expect(names).toEqual([
      'README.txt',
      'data.json',
      'documents/artist-agreement-quillon-vesper-signed.pdf',
    ]);
    const pdf = files.get('documents/artist-agreement-quillon-vesper-signed.pdf') as Buffer;
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(sealedSha256);
    const readme = files.get('README.txt')?.toString() ?? '';
    expect(readme).toContain('within 30 days');
    expect(readme).toContain('private notes');

    const text = files.get('data.json')?.toString() ?? '';
    const data = JSON.parse(text);
    expect(data.account.email).toBe(A.account);
    expect(data.profile).toMatchObject({ name: A.name, artistName: A.artistName, city: 'Falmouth' });
    expect(data.profile.picture.link).toMatch(new RegExp(`^${ctx.config.publicUrl}/api/artist/files/`));
    expect(data.submissions).toHaveLength(1);
    const [submission] = data.submissions;
    expect(submission).toMatchObject({
      id: itemA,
      status: 'approved',
      bio: `${A.firstName} grew up by the sea.`,
    });
    expect(submission.artistDetailsAsSubmitted).toMatchObject({ email: A.submitted, phone: A.phone });
    expect(submission.tracks[0].audio.link).toBe(
      `${ctx.config.publicUrl}/api/artist/files/${submission.tracks[0].audio.fileId}`,
    );
    expect(submission.tracks[0].contributors[0]).toMatchObject({ firstName: 'Leo', surname: 'Park' });
    expect(submission.tracks[0].masterSplits).toHaveLength(2);
    const decision = submission.history.find((e: { type: string }) => e.type === 'status_changed');
    expect(decision).toMatchObject({ toStatus: 'approved', by: 'the label' });
    expect(decision.message).toContain(`Welcome aboard, ${A.firstName}`);
    expect(decision.yourRating).toMatchObject({ rating: 5, comment: `Thank you, from ${A.artistName}` });
    expect(submission.releaseSchedules).toHaveLength(1);
    expect(data.signatureRequests.map((r: { kind: string }) => r.kind).sort()).toEqual([
      'artist agreement',
      'release schedule',
    ]);
    const agreement = data.signatureRequests.find((r: { id: string }) => r.id === agreementId);
    expect(agreement).toMatchObject({ status: 'signed', signerName: A.artistName, typedSignature: A.name });
    expect(agreement.sealedDocument).toBe('documents/artist-agreement-quillon-vesper-signed.pdf');
    expect(agreement.auditTrail.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['created', 'consented', 'signed', 'sealed']),
    );
    expect(data.waitingListEntries).toHaveLength(1);
    expect(data.mailPreferences).toHaveLength(1);
    expect(data.invitations).toHaveLength(1);
    expect(data.signedInSessions.length).toBeGreaterThan(0);

    // Staff's private note and internal events stay out; so does the other artist.
    expect(text).not.toContain('one to watch');
    expect(text).not.toContain('note_added');
    expect(text).not.toContain(B.account);
    expect(text).not.toContain(B.artistName);
    expect(text).not.toContain(itemB);
    expect(text).not.toContain('privacy.staff@label.example');
  });

  it('is logged: a data request, and a download line in the signed document’s audit trail', async () => {
    // A HEAD request downloads nothing, so it records nothing.
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: '/api/artist/data-export.zip',
      headers: artistA.headers,
    });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    const rows = await db()
      .select()
      .from(dataRequests)
      .where(and(eq(dataRequests.artistId, artistAId), eq(dataRequests.kind, 'export')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      byUserId: artistA.userId,
      detail: { submissions: 1, signedDocuments: 1 },
    });
    const downloads = await db()
      .select()
      .from(signatureEvents)
      .where(and(eq(signatureEvents.requestId, agreementId), eq(signatureEvents.type, 'downloaded')));
    expect(downloads.map((event) => event.data)).toContainEqual({ by: 'artist', via: 'data_export' });
  });

  it('gives each file link to its own artist only, as a fresh signed link', async () => {
    const [track] = await db()
      .select({ id: uploads.id })
      .from(uploads)
      .where(eq(uploads.originalName, 'Song 1.wav'));
    const own = await db()
      .select({ id: submissions.artworkUploadId })
      .from(submissions)
      .where(eq(submissions.id, itemA));
    const fileId = own[0]?.id as string;
    const response = await call(artistA, 'GET', `/api/artist/files/${fileId}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(new RegExp(`^/files/${fileId}\\?disposition=attachment&`));
    const file = await ctx.app.inject({
      method: 'GET',
      url: response.headers.location as string,
      headers: { cookie: artistA.cookie },
    });
    expect(file.statusCode).toBe(200);

    const other = await call(artistB, 'GET', `/api/artist/files/${fileId}`);
    expect(other.statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/artist/files/${fileId}`)).statusCode).toBe(401);
    expect(track).toBeDefined();
  });
});

describe('staff’s erasure of an artist', () => {
  const erase = (as: SignedIn | null, artistId: string, payload: unknown) =>
    call(as, 'POST', `/api/artists/${artistId}/erase`, payload);

  it('is staff’s: anyone else, the artist too, gets the 404 of an unknown artist', async () => {
    for (const as of [null, artistA, artistB]) {
      const response = await erase(as, artistAId, { reason: 'Asked by e-mail', confirm: A.account });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(ARTIST_NOT_FOUND);
    }
    const unknown = await erase(staff, randomUUID(), { reason: 'Asked by e-mail', confirm: A.account });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a missing or short reason and an address that is not the artist’s, in words', async () => {
    const short = await erase(staff, artistAId, { reason: 'no', confirm: A.account });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(DATA_REQUEST_MESSAGES.reasonLength);
    const long = await erase(staff, artistAId, { reason: 'x'.repeat(501), confirm: A.account });
    expect(long.json().error).toBe(DATA_REQUEST_MESSAGES.reasonLength);
    const noConfirm = await erase(staff, artistAId, { reason: 'Asked by e-mail' });
    expect(noConfirm.statusCode).toBe(400);
    expect(noConfirm.json().error).toBe(DATA_REQUEST_MESSAGES.confirmRequired);
    const wrong = await erase(staff, artistAId, { reason: 'Asked by e-mail', confirm: B.account });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(DATA_REQUEST_MESSAGES.confirmMismatch);
    const [row] = await db().select().from(artists).where(eq(artists.id, artistAId));
    expect(row?.status).toBe('active');
  });

  it('removes the person everywhere, deletes their files, keeps the signed agreement, and records why', async () => {
    const storage = ctx.app.providers.storage;
    const ownUploads = await db()
      .select()
      .from(uploads)
      .where(
        sql`${uploads.uploaderUserId} = ${artistA.userId} or ${uploads.sessionId} in (select ${submissions.uploadSessionId} from ${submissions} where ${submissions.id} = ${itemA})`,
      );
    const keys = ownUploads.flatMap((upload) => [
      upload.storageKey,
      ...Object.values((upload.variants ?? {}) as Record<string, { key: string }>).map((v) => v.key),
    ]);
    const [delivery] = await db()
      .select()
      .from(releaseDeliveries)
      .where(eq(releaseDeliveries.submissionId, itemA));
    if (delivery?.coverKey) keys.push(delivery.coverKey);
    expect(ownUploads.length).toBeGreaterThanOrEqual(3);
    expect(keys.length).toBeGreaterThan(ownUploads.length);
    for (const key of keys) expect(await storage.head(key), key).toBeDefined();
    const beforeB = await db().select().from(submissions).where(eq(submissions.id, itemB));

    const response = await erase(staff, artistAId, {
      reason: 'Artist asked by e-mail',
      confirm: ` ${A.account.toUpperCase()} `,
    });
    expectOk(response);
    const { erasure, message } = response.json();
    expect(erasure).toMatchObject({
      reason: 'Artist asked by e-mail',
      erasedBy: 'privacy.staff@label.example',
    });
    expect(erasure.files.total).toBe(new Set(keys).size + ownUploads.length);
    expect(erasure.files.pending).toBe(0);
    expect(message).toContain('The artist’s personal data was erased.');

    for (const key of keys) expect(await storage.head(key), key).toBeUndefined();
    const after = await db()
      .select()
      .from(uploads)
      .where(sql`${uploads.id} in ${ownUploads.map((u) => u.id)}`);
    expect(
      after.every((upload) => upload.deletedAt !== null && upload.storageKey === `erased/${upload.id}`),
    ).toBe(true);

    // Nothing of the person is left, but in the signed documents the law and the agreement keep.
    expect(await tablesContaining(B.account)).toContain('users');
    const kept = ['release_schedules', 'signature_events', 'signature_requests'];
    for (const needle of [
      A.account,
      A.submitted,
      A.artistName,
      A.name,
      A.firstName,
      A.surname,
      A.phone,
      'Falmouth',
    ]) {
      const found = (await tablesContaining(needle)).filter((table) => !kept.includes(table));
      expect(found, needle).toEqual([]);
    }

    // The artist's session is over, and their row says what happened.
    expect((await call(artistA, 'GET', '/api/artist/profile')).statusCode).toBe(401);
    const [artist] = await db().select().from(artists).where(eq(artists.id, artistAId));
    expect(artist).toMatchObject({ status: 'erased', artistName: ERASED_ARTIST_NAME, picture: null });
    const [note] = await db().select().from(submissionNotes).where(eq(submissionNotes.submissionId, itemA));
    expect(note?.body).toBe('[erased] is one to watch');
    const [record] = await db()
      .select()
      .from(dataRequests)
      .where(and(eq(dataRequests.artistId, artistAId), eq(dataRequests.kind, 'erasure')));
    expect(record).toMatchObject({ reason: 'Artist asked by e-mail', byUserId: staff.userId });
    const events = await db()
      .select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, itemA), eq(submissionEvents.type, 'artist_data_erased')));
    expect(events).toHaveLength(1);

    // The signed agreement is whole: its stored copy still has its sealed fingerprint.
    const verify = await call(staff, 'GET', `/api/contracts/${agreementId}/verify`);
    expectOk(verify);
    expect(verify.json()).toMatchObject({ storedCopyMatches: true, sha256: sealedSha256, status: 'signed' });
    // The schedule's request, still open, can no longer be signed.
    const open = await db()
      .select()
      .from(signatureRequests)
      .where(
        and(eq(signatureRequests.artistId, artistAId), eq(signatureRequests.status, 'awaiting_signature')),
      );
    expect(open).toEqual([]);

    // The other artist is untouched.
    expect(await db().select().from(submissions).where(eq(submissions.id, itemB))).toEqual(beforeB);

    // Staff's page of the artist says so.
    const page = await call(staff, 'GET', `/api/artists/${artistAId}`);
    expectOk(page);
    expect(page.json().artist).toMatchObject({
      status: 'erased',
      artistName: ERASED_ARTIST_NAME,
      erasure: { reason: 'Artist asked by e-mail', files: { pending: 0 } },
    });
  });

  it('leaves nothing to sign in to: the same address later starts a new, empty account', async () => {
    const again = await signIn(ctx.app, db(), A.account);
    expect(again.userId).not.toBe(artistA.userId);
    const page = await call(again, 'GET', '/api/profile/submissions');
    expectOk(page);
    expect(page.json().submissions).toEqual([]);
  });

  it('happens once: a second erasure is a 409 that says when', async () => {
    const [artist] = await db().select().from(artists).where(eq(artists.id, artistAId));
    const response = await erase(staff, artistAId, { reason: 'Again', confirm: artist?.email ?? '' });
    expect(response.statusCode).toBe(409);
    const [record] = await db().select().from(dataRequests).where(eq(dataRequests.kind, 'erasure'));
    expect(response.json().error).toBe(
      alreadyErasedMessage(formatLongDate(record?.createdAt.toISOString() ?? '') ?? ''),
    );
  });

  it('lets the job finish what storage refused at first', async () => {
    const [record] = await db().select().from(dataRequests).where(eq(dataRequests.kind, 'erasure'));
    const key = 'uploads/left-behind/audio/left.wav';
    await ctx.app.providers.storage.put(key, Buffer.from('still here'));
    await db()
      .update(dataRequests)
      .set({
        detail: sql`jsonb_set(${dataRequests.detail}, '{files,pending}', ${JSON.stringify([key])}::jsonb)`,
      })
      .where(eq(dataRequests.id, record?.id ?? ''));
    const { deleteErasedFilesJob } = await import('../../jobs/delete-erased-files');
    await deleteErasedFilesJob.handle({ dataRequestId: record?.id ?? '' }, {
      db: db(),
      providers: ctx.app.providers,
    } as unknown as Parameters<typeof deleteErasedFilesJob.handle>[1]);
    expect(await ctx.app.providers.storage.head(key)).toBeUndefined();
    const [after] = await db()
      .select()
      .from(dataRequests)
      .where(eq(dataRequests.id, record?.id ?? ''));
    expect((after?.detail as { files?: { pending?: string[] } } | undefined)?.files?.pending).toEqual([]);
  });
});
