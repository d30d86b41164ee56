import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractVerifyInfo,
  describeScheduleMatch,
  findScheduleFile,
  RELEASE_SCHEDULE_MESSAGES,
  type ReleaseDetailsResponse,
  type ReleaseSchedule,
  type ReleaseScheduleSummary,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import { outboxMessages, releaseSchedules, signatureEvents, signatureRequests } from '../../db/schema';
import { ARTISTS_ONLY } from '../../policies/artists';
import { SEALED_SCHEDULE_SUBJECT } from '../../services/contracts/seal-signature-request';
import { prepareReleaseSchedule } from '../../services/release-schedules/prepare-release-schedule';
import { makeWav } from '../../test/media-fixtures';
import { multipartBody } from '../../test/multipart';
import { pdfText } from '../../test/pdf-text';
import { openScheduleSigning, signSchedule } from '../../test/schedule-signing';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { newSessionIdForTest, runDueJobs, submitSignedIn } from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

/**
 * The per-release schedule to the artist agreement through the API: approving a
 * release prepares one schedule (once, also from a bulk decision), with the SHA-256 of the approved
 * audio and artwork; only its artist and staff see it; the artist signs it on the built-in signing
 * page and the sealed PDF lists the hashes; a file replaced after approval supersedes it and the
 * next approval prepares a new version. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */

let ctx: TestContext;
let staff: SignedIn;
let artistA: SignedIn;
let artistB: SignedIn;

const STAFF_EMAIL = 'schedules@label.example';
const ARTIST_A = 'schedule.a@example.com';
const TO_SIGN_SUBJECT = 'Sign the release schedule of "First Light"';
const db = () => ctx.database.db;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const runJobs = () => runDueJobs(ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, db(), STAFF_EMAIL, 'Sam Staff');
  artistA = await signIn(ctx.app, db(), ARTIST_A);
  artistB = await signIn(ctx.app, db(), 'schedule.b@example.com');
});
afterAll(async () => ctx.close());

function call(as: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { origin: ctx.config.publicUrl, ...(as ? { cookie: as.cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const submitAs = (as: SignedIn, options: Parameters<typeof submitSignedIn>[2] = {}) =>
  submitSignedIn(ctx.app, as, options);

async function setStatus(itemId: string, status: string) {
  const response = await call(staff, 'POST', `/api/board/items/${itemId}/status`, { status });
  expect(response.statusCode, response.body).toBe(200);
}

async function scheduleOf(as: SignedIn, itemId: string): Promise<ReleaseSchedule | null> {
  const response = await call(as, 'GET', `/api/release-schedules?submissionId=${itemId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().schedule;
}

/** The Contract Signing tab's list: the signed-in artist's schedules, newest first. */
async function listOf(as: SignedIn): Promise<ReleaseScheduleSummary[]> {
  const response = await call(as, 'GET', '/api/release-schedules/mine');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().schedules;
}

async function mailsTo(address: string, subject: string) {
  return db()
    .select({ text: outboxMessages.text })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, address), eq(outboxMessages.subject, subject)));
}

async function schedulesOf(itemId: string) {
  return db()
    .select()
    .from(releaseSchedules)
    .where(eq(releaseSchedules.submissionId, itemId))
    .orderBy(asc(releaseSchedules.version));
}

const openSigning = (as: SignedIn, scheduleId: string) => openScheduleSigning(ctx.app, as, scheduleId);
const sign = (as: SignedIn, scheduleId: string) => signSchedule(ctx.app, as, scheduleId);

async function uploadAudioAs(as: SignedIn, body: Buffer): Promise<string> {
  const form = multipartBody([
    { field: 'artistName', value: 'Maya Rivers' },
    { field: 'fileType', value: 'track' },
    { field: 'sessionId', value: newSessionIdForTest() },
    { name: 'Song 1 (remaster).wav', type: 'audio/wav', body },
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload/storage',
    headers: { 'content-type': form.contentType, origin: ctx.config.publicUrl, cookie: as.cookie },
    payload: form.body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().fileId as string;
}

describe('approving a release', () => {
  it('prepares one schedule with the approved files’ SHA-256, the tracks, credits and splits', async () => {
    const { itemId, files, artwork } = await submitAs(artistA, { trackCount: 2, split: true });
    expect(await scheduleOf(artistA, itemId)).toBeNull();
    await setStatus(itemId, 'approved');
    await runJobs();

    const schedule = await scheduleOf(artistA, itemId);
    expect(schedule).toMatchObject({ version: 1, state: 'awaiting_signature', submissionId: itemId });
    const content = schedule?.content;
    expect(content).toMatchObject({ releaseTitle: 'First Light', releaseType: 'single' });
    expect(content?.artwork).toMatchObject({ uploadId: artwork.fileId, sha256: sha256(artwork.bytes) });
    expect(content?.tracks.map((t) => [t.title, t.audio?.sha256])).toEqual([
      ['Song 1', sha256(files[0]?.bytes as Buffer)],
      ['Song 2', sha256(files[1]?.bytes as Buffer)],
    ]);
    expect(content?.tracks[0]?.contributors).toEqual([{ name: 'Leo Park', roles: ['Producer'] }]);
    expect(content?.tracks[0]?.splits).toEqual([
      { name: 'Leo Park', percentage: 60 },
      { name: 'Ana Ruiz', percentage: 40 },
    ]);

    // Mail leaves the app: its links are PUBLIC_URL's.
    const mails = await mailsTo(ARTIST_A, TO_SIGN_SUBJECT);
    expect(mails.some((mail) => mail.text.includes(`${ctx.config.publicUrl}/submission/${itemId}`))).toBe(
      true,
    );

    // Running the job again, or approving again after a step back, keeps the same schedule.
    await prepareReleaseSchedule(
      { db: db(), storage: ctx.app.providers.storage, config: ctx.config },
      itemId,
      new Date(),
    );
    await setStatus(itemId, 'in_progress');
    await setStatus(itemId, 'approved');
    await runJobs();
    expect(await schedulesOf(itemId)).toHaveLength(1);
    const requests = await db()
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.scheduleId, schedule?.id as string));
    expect(requests).toHaveLength(1);
    // A schedule's request is not the artist agreement: the Contract Signing tab still has none.
    const current = await call(artistA, 'GET', '/api/contracts/current');
    expect(current.json()).toMatchObject({ hasSignedContract: false });
    expect(current.json().signatureRequest).toBeUndefined();
  });

  it('prepares one per submission from a bulk decision, and none for a declined one', async () => {
    const first = await submitAs(artistA);
    const second = await submitAs(artistA);
    const declined = await submitAs(artistA);
    const template = await call(staff, 'POST', '/api/decision-templates', {
      kind: 'approve',
      name: `Welcome ${randomUUID()}`,
      body: 'Welcome aboard, {{artistName}}.',
    });
    expect(template.statusCode, template.body).toBe(200);
    const bulk = await call(staff, 'POST', '/api/board/items/bulk-status', {
      itemIds: [first.itemId, second.itemId],
      decision: 'approve',
      templateId: template.json().template.templateId,
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await setStatus(declined.itemId, 'rejected');
    await runJobs();
    expect(await schedulesOf(first.itemId)).toHaveLength(1);
    expect(await schedulesOf(second.itemId)).toHaveLength(1);
    expect(await schedulesOf(declined.itemId)).toHaveLength(0);
  });
});

describe('who may see a schedule', () => {
  it('shows it to its artist and staff; another artist, a visitor and bad ids learn nothing', async () => {
    const { itemId } = await submitAs(artistA);
    await setStatus(itemId, 'approved');
    await runJobs();
    const schedule = (await scheduleOf(artistA, itemId)) as ReleaseSchedule;
    expect((await scheduleOf(staff, itemId))?.id).toBe(schedule.id);

    const staffRead = await call(staff, 'GET', `/api/release-schedules/${schedule.id}`);
    expect(staffRead.statusCode).toBe(200);
    expect(staffRead.json().schedule.content).toEqual(schedule.content);

    const byOther = await call(artistB, 'GET', `/api/release-schedules?submissionId=${itemId}`);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().error).toBe(SUBMISSION_NOT_FOUND);
    for (const [method, url] of [
      ['GET', `/api/release-schedules/${schedule.id}`],
      ['POST', `/api/release-schedules/${schedule.id}/sign-url`],
      ['GET', `/api/contracts/${schedule.signatureRequestId}/verify`],
      ['GET', `/api/contracts/${schedule.signatureRequestId}/status`],
      ['GET', `/api/contracts/${schedule.signatureRequestId}/document`],
    ] as const) {
      const response = await call(artistB, method, url);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await call(artistB, 'GET', `/api/release-schedules/${schedule.id}`)).json().error).toBe(
      RELEASE_SCHEDULE_MESSAGES.notFound,
    );
    expect((await call(null, 'GET', `/api/release-schedules/${schedule.id}`)).statusCode).toBe(401);
    expect((await call(artistA, 'GET', '/api/release-schedules/not-an-id')).statusCode).toBe(404);
    const noQuery = await call(artistA, 'GET', '/api/release-schedules');
    expect(noQuery.statusCode).toBe(400);
    expect(noQuery.json().error).toEqual(expect.any(String));
    // Staff read it, but only its artist signs it.
    expect((await call(staff, 'POST', `/api/release-schedules/${schedule.id}/sign-url`)).statusCode).toBe(
      403,
    );
  });
});

describe('signing a schedule', () => {
  it('signs on the built-in signing page; the sealed PDF lists every hash; the verify page gets the files', async () => {
    const { itemId, files, artwork } = await submitAs(artistA, { trackCount: 2 });
    await setStatus(itemId, 'approved');
    await runJobs();
    const schedule = (await scheduleOf(artistA, itemId)) as ReleaseSchedule;

    const document = await sign(artistA, schedule.id);
    expect(document).toMatchObject({ title: 'Release schedule: First Light', scheduleSubmissionId: itemId });
    expect(document.text).toContain(`Audio SHA-256: ${sha256(files[0]?.bytes as Buffer)}`);
    await runJobs();

    const signed = (await scheduleOf(artistA, itemId)) as ReleaseSchedule;
    expect(signed).toMatchObject({
      state: 'signed',
      verifyPath: `/contracts/${schedule.signatureRequestId}/verify`,
    });
    expect(signed.documentUrl).toBe(`/api/contracts/${schedule.signatureRequestId}/document`);
    const pdf = await call(artistA, 'GET', signed.documentUrl as string);
    expect(pdf.statusCode).toBe(200);
    // Named apart from the agreement's PDF: the two never overwrite each other in a downloads folder.
    expect(pdf.headers['content-disposition']).toContain(
      'filename="release-schedule-first-light-v1-signed.pdf"',
    );
    const text = (await pdfText(ctx.dataDir, pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Release schedule: First Light');
    for (const bytes of [files[0]?.bytes, files[1]?.bytes, artwork.bytes])
      expect(text).toContain(sha256(bytes as Buffer));
    expect(text).toContain('Signature certificate');

    const sealedMails = await mailsTo(ARTIST_A, SEALED_SCHEDULE_SUBJECT);
    expect(
      sealedMails.some(
        (mail) =>
          mail.text.includes(`${ctx.config.publicUrl}/submission/${itemId}`) &&
          mail.text.includes(`${ctx.config.publicUrl}/contracts/${schedule.signatureRequestId}/verify`),
      ),
    ).toBe(true);

    const verify = await call(artistA, 'GET', `/api/contracts/${schedule.signatureRequestId}/verify`);
    expect(verify.statusCode).toBe(200);
    const info = verify.json() as ContractVerifyInfo;
    expect(info).toMatchObject({ status: 'signed', storedCopyMatches: true });
    const content = info.schedule?.content;
    if (!content) throw new Error('no schedule on the verify answer');
    expect(describeScheduleMatch(findScheduleFile(content, sha256(files[1]?.bytes as Buffer)))).toBe(
      'Match: this is the approved Song 2 audio.',
    );
    expect(findScheduleFile(content, sha256(makeWav({ seconds: 1, frequency: 1000 })))).toBeNull();

    const again = await call(artistA, 'POST', `/api/release-schedules/${schedule.id}/sign-url`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(RELEASE_SCHEDULE_MESSAGES.alreadySigned);
  });

  it('offers a new request for the same schedule after one was declined', async () => {
    const { itemId } = await submitAs(artistA);
    await setStatus(itemId, 'approved');
    await runJobs();
    const schedule = (await scheduleOf(artistA, itemId)) as ReleaseSchedule;
    const { token } = await openSigning(artistA, schedule.id);
    expect(
      (await call(artistA, 'POST', `/api/signing/${token}/decline`, { reason: 'Wrong split' })).statusCode,
    ).toBe(200);
    expect((await scheduleOf(artistA, itemId))?.state).toBe('declined');

    await sign(artistA, schedule.id);
    const after = (await scheduleOf(artistA, itemId)) as ReleaseSchedule;
    expect(after).toMatchObject({ id: schedule.id, state: 'signed' });
    expect(after.signatureRequestId).not.toBe(schedule.signatureRequestId);
  });
});

describe('a file replaced after approval', () => {
  it('supersedes the schedule at once (its open request closes) and the next approval prepares version 2', async () => {
    const { itemId, files } = await submitAs(artistA);
    await setStatus(itemId, 'approved');
    await runJobs();
    const first = (await scheduleOf(artistA, itemId)) as ReleaseSchedule;
    const { token } = await openSigning(artistA, first.id);

    await setStatus(itemId, 'in_progress');
    const item = await call(staff, 'GET', `/api/board/items/${itemId}`);
    const trackId = item.json().item.tracks[0].trackId as string;
    const asked = await call(staff, 'POST', `/api/board/items/${itemId}/change-requests`, {
      fields: [{ field: 'trackAudio', trackId, note: 'The master clips.' }],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const remaster = makeWav({ seconds: 1, frequency: 880 });
    const fileId = await uploadAudioAs(artistA, remaster);
    const resubmitted = await call(artistA, 'POST', `/api/profile/submissions/${itemId}/resubmit`, {
      changes: [{ field: 'trackAudio', trackId, fileId }],
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);

    // Stale at once: superseded, its open request closed, the link it had stops.
    const stale = (await scheduleOf(artistA, itemId)) as ReleaseSchedule;
    expect(stale).toMatchObject({ id: first.id, state: 'superseded' });
    expect((await call(artistA, 'GET', `/api/signing/${token}`)).statusCode).toBe(404);
    const refused = await call(artistA, 'POST', `/api/release-schedules/${first.id}/sign-url`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(RELEASE_SCHEDULE_MESSAGES.superseded);
    const [expired] = await db()
      .select({ data: signatureEvents.data })
      .from(signatureEvents)
      .where(
        and(
          eq(signatureEvents.requestId, first.signatureRequestId as string),
          eq(signatureEvents.type, 'expired'),
        ),
      );
    expect(expired?.data).toMatchObject({ reason: 'schedule_superseded' });
    // Pending again: no new schedule until staff approve.
    await runJobs();
    expect(await schedulesOf(itemId)).toHaveLength(1);

    await setStatus(itemId, 'approved');
    await runJobs();
    const second = (await scheduleOf(artistA, itemId)) as ReleaseSchedule;
    expect(second).toMatchObject({ version: 2, state: 'awaiting_signature' });
    expect(second.content.tracks[0]?.audio?.sha256).toBe(sha256(remaster));
    const mails = await mailsTo(ARTIST_A, TO_SIGN_SUBJECT);
    expect(mails.some((mail) => mail.text.includes('has a new version (2)'))).toBe(true);
    expect(second.content.tracks[0]?.audio?.sha256).not.toBe(sha256(files[0]?.bytes as Buffer));
    const rows = await schedulesOf(itemId);
    expect(rows.map((row) => [row.version, row.supersededAt !== null])).toEqual([
      [1, true],
      [2, false],
    ]);
  });
});

describe('release details submitted after approval', () => {
  it('supersede the schedule when they change what it lists, and the next approval lists the ISRC', async () => {
    const { itemId } = await submitAs(artistA);
    await setStatus(itemId, 'approved');
    await runJobs();
    const first = (await scheduleOf(artistA, itemId)) as ReleaseSchedule;
    expect(first.content.tracks[0]?.isrc).toBeNull();

    // The label reopens the release for its details; the artist gives the ISRC.
    await setStatus(itemId, 'in_progress');
    const detailsUrl = `/api/profile/submissions/${itemId}/release-details`;
    const view = (await call(artistA, 'GET', detailsUrl)).json()
      .releaseDetails as ReleaseDetailsResponse['releaseDetails'];
    const save = {
      tracks: view.tracks.map(({ trackId, metadata }) => ({ trackId, isrc: 'GB-A1B-27-00042', metadata })),
    };
    const submitted = await call(artistA, 'POST', `${detailsUrl}/submit`, save);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await scheduleOf(artistA, itemId))?.state).toBe('superseded');

    await setStatus(itemId, 'approved');
    await runJobs();
    const second = (await scheduleOf(artistA, itemId)) as ReleaseSchedule;
    expect(second).toMatchObject({ version: 2, state: 'awaiting_signature' });
    expect(second.content.tracks[0]?.isrc).toBe('GB-A1B-27-00042');
    // The files did not change: the same fingerprints.
    expect(second.content.tracks[0]?.audio?.sha256).toBe(first.content.tracks[0]?.audio?.sha256);
  });
});

describe('the sign link', () => {
  it('is a path on the page’s own origin, so a session opened at any address of the server keeps its cookie', async () => {
    const { itemId } = await submitAs(artistA);
    await setStatus(itemId, 'approved');
    await runJobs();
    const schedule = (await scheduleOf(artistA, itemId)) as ReleaseSchedule;
    const link = await call(artistA, 'POST', `/api/release-schedules/${schedule.id}/sign-url`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().signUrl).toMatch(/^\/sign\/[A-Za-z0-9_-]{43}$/);
    expect(link.body).not.toContain(ctx.config.publicUrl);
    const opened = await call(artistA, 'GET', `/api/signing/${link.json().signUrl.split('/sign/')[1]}`);
    expect(opened.statusCode, opened.body).toBe(200);
  });
});

describe('the artist’s list (the Contract Signing tab)', () => {
  it('lists every schedule of the artist’s own releases with its state and proof, and nobody else’s', async () => {
    const lister = await signIn(ctx.app, db(), 'schedule.lister@example.com');
    // An account without a release (nor an artist row) has none.
    expect(await listOf(lister)).toEqual([]);

    const { itemId } = await submitAs(lister);
    await setStatus(itemId, 'approved');
    await runJobs();
    const schedule = (await scheduleOf(lister, itemId)) as ReleaseSchedule;
    const [waiting, ...rest] = await listOf(lister);
    expect(rest).toEqual([]);
    expect(waiting).toEqual({
      id: schedule.id,
      submissionId: itemId,
      releaseTitle: 'First Light',
      version: 1,
      state: 'awaiting_signature',
      createdAt: schedule.createdAt,
      signatureRequestId: schedule.signatureRequestId,
      verifyPath: `/contracts/${schedule.signatureRequestId}/verify`,
    });

    // Another artist's list never has it; staff read schedules per release, not through the tab's list.
    expect((await listOf(artistB)).map((row) => row.id)).not.toContain(schedule.id);
    expect((await listOf(artistA)).map((row) => row.id)).not.toContain(schedule.id);
    const byStaff = await call(staff, 'GET', '/api/release-schedules/mine');
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().error).toBe(ARTISTS_ONLY);
    expect((await call(null, 'GET', '/api/release-schedules/mine')).statusCode).toBe(401);

    // Signed and sealed: the PDF to download, under its own name, and the verify page.
    await sign(lister, schedule.id);
    await runJobs();
    const [signed] = await listOf(lister);
    expect(signed).toMatchObject({
      id: schedule.id,
      state: 'signed',
      signedAt: expect.any(String),
      sealedAt: expect.any(String),
      documentUrl: `/api/contracts/${schedule.signatureRequestId}/document`,
      verifyPath: `/contracts/${schedule.signatureRequestId}/verify`,
    });
    const pdf = await call(lister, 'GET', signed?.documentUrl as string);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="release-schedule-first-light-v1-signed.pdf"',
    );
    // Its proof is its artist's and staff's only.
    expect((await call(artistB, 'GET', signed?.documentUrl as string)).statusCode).toBe(404);
    expect((await call(staff, 'GET', signed?.documentUrl as string)).statusCode).toBe(200);

    // A second release's schedule comes first; a superseded version stays listed with its proof.
    const second = await submitAs(lister);
    await setStatus(second.itemId, 'approved');
    await runJobs();
    await db()
      .update(releaseSchedules)
      .set({ supersededAt: new Date(), supersededReason: 'changed' })
      .where(eq(releaseSchedules.id, schedule.id));
    const listed = await listOf(lister);
    expect(listed.map((row) => [row.submissionId, row.version, row.state])).toEqual([
      [second.itemId, 1, 'awaiting_signature'],
      [itemId, 1, 'superseded'],
    ]);
    expect(listed[1]).toMatchObject({ signedAt: signed?.signedAt, documentUrl: signed?.documentUrl });
  });
});
