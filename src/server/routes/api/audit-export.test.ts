import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditExport,
  auditExportSchema,
  type ReleaseSchedule,
  SIGNING_MESSAGES,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import { signatureRequests } from '../../db/schema';
import { addStaff } from '../../services/staff/manage-staff';
import { pdfText } from '../../test/pdf-text';
import { signSchedule } from '../../test/schedule-signing';
import { type SignedIn, signIn } from '../../test/sign-in';
import {
  postSubmission,
  prepareTestSubmission,
  runDueJobs,
  submitSignedIn,
} from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

/**
 * The audit trail exports (contracts/audit-export.ts, board/audit-export.ts) over one seeded
 * fixture: an artist agreement signed and sealed from a known address and browser, and an approved
 * release whose schedule the artist signed. Staff get the JSON and the PDF with the events in order,
 * who, from where and the hashes; anyone else, and unknown ids, a 404. Runs on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL).
 */

let ctx: TestContext;
let dir: string;
let staff: SignedIn;
let artist: SignedIn;
let agreementId: string;
let release: Awaited<ReturnType<typeof submitSignedIn>>;

const STAFF_EMAIL = 'auditor@label.example';
const ARTIST_EMAIL = 'nova.audit@example.com';
const SIGNER_IP = '203.0.113.7';
const SIGNER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AuditExportTest/1.0 with a long tail to wrap';
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const today = () => new Date().toISOString().slice(0, 10);

function call(as: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: SIGNER_IP,
    headers: {
      origin: ctx.config.publicUrl,
      'user-agent': SIGNER_AGENT,
      ...(as ? { cookie: as.cookie } : {}),
    },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function ok(as: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await call(as, method, url, payload);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response;
}

async function signAgreement(): Promise<string> {
  const { artistId } = (await ok(artist, 'GET', '/api/contracts/current')).json();
  const created = await ok(artist, 'POST', '/api/contracts/create', {
    artistId,
    artistName: 'Nova Lights',
    artistEmail: ARTIST_EMAIL,
  });
  const { signatureId, signatureRequest } = created.json();
  const token = (signatureRequest.signUrl as string).split('/sign/')[1];
  const { document } = (await ok(artist, 'GET', `/api/signing/${token}`)).json();
  await ok(artist, 'POST', `/api/signing/${token}/consent`, { consent: true });
  await ok(artist, 'POST', `/api/signing/${token}/sign`, {
    method: 'typed',
    typedName: 'Nova Lights',
    documentSha256: document.documentSha256,
  });
  return signatureId;
}

beforeAll(async () => {
  ctx = await createTestContext();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-audit-export-'));
  await addStaff(ctx.database.db, STAFF_EMAIL, 'Avery Auditor');
  [staff, artist] = await Promise.all([
    signIn(ctx.app, ctx.database.db, STAFF_EMAIL),
    signIn(ctx.app, ctx.database.db, ARTIST_EMAIL),
  ]);
  agreementId = await signAgreement();
  release = await submitSignedIn(ctx.app, artist);
  await ok(staff, 'POST', `/api/board/items/${release.itemId}/status`, { status: 'approved' });
  await runDueJobs(ctx.app);
  const schedule = (await ok(staff, 'GET', `/api/release-schedules?submissionId=${release.itemId}`)).json()
    .schedule as ReleaseSchedule;
  await signSchedule(ctx.app, artist, schedule.id);
  await runDueJobs(ctx.app);
  // A download of the sealed copy is on the trail with the hash of what was handed out.
  await ok(artist, 'GET', `/api/contracts/${agreementId}/document`);
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function exported(url: string): Promise<{ data: AuditExport; fileName: string }> {
  const response = await ok(staff, 'GET', url);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  const fileName = /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))?.[1] ?? '';
  expect(response.headers['content-disposition']).toMatch(/^attachment; /);
  return { data: auditExportSchema.parse(response.json()), fileName };
}

async function exportedText(url: string): Promise<{ text: string; fileName: string }> {
  const response = await ok(staff, 'GET', url);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const fileName = /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))?.[1] ?? '';
  return { text: await pdfText(dir, response.rawPayload), fileName };
}

async function agreementRow() {
  const [row] = await ctx.database.db
    .select()
    .from(signatureRequests)
    .where(eq(signatureRequests.id, agreementId));
  return row;
}

const squeezed = (text: string) => text.replace(/\s+/g, '');

describe("an agreement's audit trail", () => {
  it('gives staff the JSON: every event in order, who, from where, and the hashes', async () => {
    const { data, fileName } = await exported(`/api/contracts/${agreementId}/audit.json`);
    const row = await agreementRow();
    expect(row?.sealedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(fileName).toBe(`audit-agreement-nova-lights-${today()}.json`);
    expect(data.subject).toMatchObject({
      kind: 'agreement',
      id: agreementId,
      status: 'Signed',
      artistName: 'Nova Lights',
      artistEmail: ARTIST_EMAIL,
      generatedBy: { name: 'Avery Auditor', email: STAFF_EMAIL },
    });
    expect(data.entries.map((entry) => entry.type)).toEqual([
      'created',
      'link_issued',
      'viewed',
      'consented',
      'signed',
      'sealed',
      'downloaded',
    ]);
    const signed = data.entries.find((entry) => entry.type === 'signed');
    expect(signed).toMatchObject({
      action: 'Agreement signed',
      detail: 'Typed name: Nova Lights',
      ip: SIGNER_IP,
      userAgent: SIGNER_AGENT,
      actor: { kind: 'user', email: ARTIST_EMAIL },
      hashes: [{ label: 'Signed text', sha256: row?.documentSha256 }],
    });
    expect(data.entries.find((entry) => entry.type === 'sealed')).toMatchObject({
      actor: { kind: 'system', label: 'System' },
      hashes: [{ label: 'Sealed PDF', sha256: row?.sealedSha256 }],
    });
    expect(data.documents).toEqual([
      { label: 'Signed text', fileName: null, sha256: row?.documentSha256 },
      { label: 'Sealed PDF', fileName: 'artist-agreement-nova-lights-signed.pdf', sha256: row?.sealedSha256 },
    ]);
  });

  it('gives staff the PDF: real text with the actor, the address and the hashes, pages numbered', async () => {
    const row = await agreementRow();
    const { text, fileName } = await exportedText(`/api/contracts/${agreementId}/audit.pdf`);
    expect(fileName).toBe(`audit-agreement-nova-lights-${today()}.pdf`);
    for (const expected of [
      'Audit trail',
      'When (UTC)',
      'Agreement signed',
      ARTIST_EMAIL,
      SIGNER_IP,
      'Page 1 of',
    ])
      expect(text).toContain(expected);
    // Hashes and user agents wrap within their cells; the document list keeps each hash on one line.
    expect(text).toContain(`SHA-256: ${row?.sealedSha256}`);
    expect(squeezed(text)).toContain(squeezed(SIGNER_AGENT));
  });
});

describe("a release's audit trail", () => {
  it('gives staff the whole trail in time order, the schedule signing in it, and every file hash', async () => {
    const { data, fileName } = await exported(`/api/board/items/${release.itemId}/audit.json`);
    expect(fileName).toBe(`audit-release-first-light-${today()}.json`);
    expect(data.subject).toMatchObject({ kind: 'release', title: 'First Light', status: 'Approved' });
    const times = data.entries.map((entry) => entry.at);
    expect(times).toEqual([...times].sort());
    const actions = data.entries.map((entry) => entry.action);
    expect(actions[0]).toBe('Submitted');
    expect(actions).toContain('Status changed from Pending to Approved');
    expect(actions).toContain('Release schedule v1: Agreement signed');
    expect(actions.indexOf('Status changed from Pending to Approved')).toBeLessThan(
      actions.indexOf('Release schedule v1: Agreement signed'),
    );
    // The release was sent and its schedule signed through the test helpers, from inject's address.
    expect(data.entries[0]).toMatchObject({ ip: '127.0.0.1', actor: { kind: 'user', email: ARTIST_EMAIL } });
    const approval = data.entries.find((entry) => entry.type === 'status_changed');
    expect(approval?.actor).toMatchObject({ name: 'Avery Auditor', email: STAFF_EMAIL });

    const byLabel = new Map(data.documents.map((document) => [document.label, document.sha256]));
    expect(byLabel.get('Track 1, Song 1: audio')).toBe(sha256(release.files[0]?.bytes as Buffer));
    expect(byLabel.get('Release artwork')).toBe(sha256(release.artwork.bytes));
    expect(byLabel.get('Release schedule v1: signed text')).toMatch(/^[0-9a-f]{64}$/);
    expect(byLabel.get('Release schedule v1: sealed PDF')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('prints the PDF with the actors, the address and the file hashes', async () => {
    const { text, fileName } = await exportedText(`/api/board/items/${release.itemId}/audit.pdf`);
    expect(fileName).toBe(`audit-release-first-light-${today()}.pdf`);
    for (const expected of ['Audit trail', 'Release: First Light', STAFF_EMAIL, '127.0.0.1', 'Page 1 of'])
      expect(text).toContain(expected);
    expect(text).toContain(`SHA-256: ${sha256(release.files[0]?.bytes as Buffer)}`);
  });

  it('names the artist who sent the form without an account', async () => {
    const prepared = await prepareTestSubmission(ctx.app);
    const response = await postSubmission(ctx.app, prepared.payload);
    const itemId = response.json().data.itemId as string;
    const { data } = await exported(`/api/board/items/${itemId}/audit.json`);
    expect(data.entries[0]?.actor).toEqual({
      kind: 'artist_via_link',
      name: 'Maya Rivers',
      email: 'maya@example.com',
      label: 'Maya Rivers <maya@example.com>, artist via the submission form',
    });
  });
});

describe('who may export', () => {
  it('answers 404 to the artist (even the owner), a visitor, and for unknown or malformed ids', async () => {
    const urls = (id: string, itemId: string) => [
      [`/api/contracts/${id}/audit.json`, SIGNING_MESSAGES.requestNotFound],
      [`/api/contracts/${id}/audit.pdf`, SIGNING_MESSAGES.requestNotFound],
      [`/api/board/items/${itemId}/audit.json`, SUBMISSION_NOT_FOUND],
      [`/api/board/items/${itemId}/audit.pdf`, SUBMISSION_NOT_FOUND],
    ];
    for (const as of [artist, null])
      for (const [url, error] of urls(agreementId, release.itemId)) {
        const response = await call(as, 'GET', url as string);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ success: false, error });
      }
    for (const [id, itemId] of [
      ['00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000'],
      ['not-an-id', 'not-an-id'],
      // The ids swapped: a release is no signature request and an agreement no release.
      [release.itemId, agreementId],
    ])
      for (const [url, error] of urls(id as string, itemId as string)) {
        const response = await call(staff, 'GET', url as string);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ success: false, error });
      }
  });
});
