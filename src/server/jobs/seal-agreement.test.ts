import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGREEMENT_TEMPLATE, renderAgreement, type SignatureStatusValue } from '../../domain';
import {
  agreementTemplates,
  artists,
  jobs,
  outboxMessages,
  signatureEvents,
  signatureRequests,
} from '../db/schema';
import type { ExternalSigning } from '../providers/signing/external-signing';
import { queueSealAgreement } from '../services/contracts/queue-seal-agreement';
import { readPdfSignature } from '../services/contracts/read-pdf-signature';
import {
  SEALED_AGREEMENT_SUBJECT,
  sealedAgreementKey,
  sealSignatureRequest,
} from '../services/contracts/seal-signature-request';
import { getAgreementVerification } from '../services/contracts/verify-agreement';
import { startTsaStandIn, type TsaStandIn } from '../stand-ins/tsa';
import { pdfText as readPdfText } from '../test/pdf-text';
import {
  createTestContext,
  createTestDatabase,
  type TestContext,
  type TestDatabase,
} from '../test/test-context';
import { enqueueJob } from './queue';
import { sealAgreementJob } from './seal-agreement';

let database: TestDatabase;
let ctx: TestContext;
let templateId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  ctx = await createTestContext({ database, env: { LABEL_NAME: 'Northern & "Sons" Records' } });
  const [template] = await ctx.app.db
    .insert(agreementTemplates)
    .values({ version: 4, title: DEMO_AGREEMENT_TEMPLATE.title, body: DEMO_AGREEMENT_TEMPLATE.body })
    .returning({ id: agreementTemplates.id });
  templateId = template?.id as string;
});
afterAll(async () => {
  await ctx.close();
  await database.destroy();
});
afterEach(async () => {
  // Each test looks at the jobs it made.
  await ctx.app.db.delete(jobs);
});

const runJobs = async (context: TestContext = ctx) => {
  const outcomes = [];
  for (let outcome = await context.app.jobs.runOnce(); outcome; outcome = await context.app.jobs.runOnce())
    outcomes.push(outcome);
  return outcomes;
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readStored(context: TestContext, key: string): Promise<Buffer> {
  const stream = await context.app.providers.storage.get(key);
  return Buffer.concat((await stream.toArray()) as Buffer[]);
}

const pdfText = (bytes: Buffer) => readPdfText(ctx.dataDir, bytes);

interface RequestOptions {
  status?: SignatureStatusValue;
  signerName?: string;
  provider?: 'builtin' | 'dropbox_sign';
  providerRequestId?: string | null;
  signatureImage?: string;
}

/** An artist with a request in the given state, as the signing routes leave it. */
async function insertRequest(context: TestContext, options: RequestOptions = {}) {
  const email = `artist-${randomUUID().slice(0, 8)}@example.com`;
  const signerName = options.signerName ?? 'Zoë Łódź Привет';
  const [artist] = await context.app.db
    .insert(artists)
    .values({ email, name: signerName, artistName: signerName })
    .returning({ id: artists.id });
  const text = renderAgreement(DEMO_AGREEMENT_TEMPLATE.body, {
    artistName: signerName,
    artistEmail: email,
    labelName: context.config.label.name,
    date: '20 November 2026',
  });
  const status = options.status ?? 'signed';
  const signed = status === 'signed';
  const [request] = await context.app.db
    .insert(signatureRequests)
    .values({
      artistId: artist?.id as string,
      templateId,
      templateVersion: 4,
      status,
      provider: options.provider ?? 'builtin',
      providerRequestId: options.providerRequestId ?? null,
      signerName,
      signerEmail: email,
      documentTitle: DEMO_AGREEMENT_TEMPLATE.title,
      documentText: text,
      documentSha256: createHash('sha256').update(text, 'utf8').digest('hex'),
      createdAt: new Date('2026-11-20T09:15:30Z'),
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
      viewedAt: new Date('2026-11-20T09:16:02Z'),
      consentedAt: new Date('2026-11-20T09:17:45Z'),
      ...(signed
        ? {
            signedAt: new Date('2026-11-20T09:18:11Z'),
            signatureMethod: options.signatureImage ? 'drawn' : 'typed',
            signatureText: options.signatureImage ? null : signerName,
            signatureImage: options.signatureImage ?? null,
            signerIp: '203.0.113.7',
            signerUserAgent: 'Mozilla/5.0 (X11; Linux x86_64) Imprint-Test/1.0',
          }
        : {}),
    })
    .returning();
  return { request: request as typeof signatureRequests.$inferSelect, artistId: artist?.id as string, email };
}

async function requestRow(context: TestContext, id: string) {
  const [row] = await context.app.db.select().from(signatureRequests).where(eq(signatureRequests.id, id));
  return row;
}

async function eventsOf(context: TestContext, id: string) {
  return context.app.db
    .select()
    .from(signatureEvents)
    .where(eq(signatureEvents.requestId, id))
    .orderBy(asc(signatureEvents.id));
}

async function mailTo(context: TestContext, to: string) {
  return context.app.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));
}

async function enqueue(context: TestContext, requestId: string) {
  await queueSealAgreement(context.app.db, requestId);
}

describe('contracts.seal', () => {
  it('seals a signed request: stored PDF, its hash, the sealed event and the artist mail, once', async () => {
    const { request, artistId, email } = await insertRequest(ctx);
    await enqueue(ctx, request.id);
    const outcomes = await runJobs();
    expect(outcomes.map((o) => [o.job.type, o.result])).toEqual([
      [sealAgreementJob.name, 'done'],
      ['mail.send', 'done'],
    ]);

    const row = await requestRow(ctx, request.id);
    const key = sealedAgreementKey(artistId, request.id);
    expect(key).toBe(`agreements/${artistId}/${request.id}.pdf`);
    expect(row?.sealedFileKey).toBe(key);
    const stored = await readStored(ctx, key);
    expect(stored.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(row?.sealedSha256).toBe(sha256(stored));
    expect(row?.sealedBytes).toBe(stored.length);
    expect(row?.sealedAt).toBeInstanceOf(Date);
    expect(row?.status).toBe('signed');
    expect((await ctx.app.providers.storage.head(key))?.contentType).toBe('application/pdf');

    // The stored file is the agreement with its certificate, readable by a PDF reader.
    const text = await pdfText(stored);
    expect(text).toContain('Signature certificate');
    expect(text).toContain(request.id);
    expect(text).toContain('Zoë Łódź Привет');
    expect(text).toContain('203.0.113.7');
    expect(text.replace(/\s+/g, '')).toContain(request.documentSha256);
    expect(text.replace(/\s+/g, '')).toContain(`${ctx.config.publicUrl}/contracts/${request.id}/verify`);
    // Signed last, with the label's own seal certificate (made at first use): the recorded SHA-256
    // above is the signed file's.
    expect(readPdfSignature(stored)).toMatchObject({
      signer: {
        commonName: 'Northern & "Sons" Records document seal',
        organisation: 'Northern & "Sons" Records',
      },
      intact: true,
      coversWholeFile: true,
    });
    expect((await fs.readdir(path.join(ctx.dataDir, 'seal'))).sort()).toEqual([
      'seal.p12',
      'seal.p12.password',
    ]);

    const events = await eventsOf(ctx, request.id);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['sealed', { sha256: row?.sealedSha256, bytes: stored.length }],
    ]);

    const mails = await mailTo(ctx, email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe(SEALED_AGREEMENT_SUBJECT);
    expect(mail?.subject).toBe('Your signed artist agreement');
    expect(mail?.text).toContain(`${ctx.config.publicUrl}/dashboard?tab=1`);
    expect(mail?.text).toContain('Hello Zoë Łódź Привет,');
    expect(mail?.text).toContain('with Northern & "Sons" Records.');
    expect(mail?.html).toContain(`href="${ctx.config.publicUrl}/dashboard?tab=1"`);
    expect(mail?.html).toContain('Northern &#38; &#34;Sons&#34; Records');
    expect(mail?.html).not.toContain('Northern & "Sons"');

    // Again: nothing changes, no second event, mail or file.
    const sealedAt = row?.sealedAt;
    await enqueue(ctx, request.id);
    const again = await runJobs();
    expect(again.map((o) => [o.job.type, o.result])).toEqual([[sealAgreementJob.name, 'done']]);
    const after = await requestRow(ctx, request.id);
    expect(after?.sealedAt?.getTime()).toBe(sealedAt?.getTime());
    expect(after?.sealedSha256).toBe(row?.sealedSha256);
    expect(sha256(await readStored(ctx, key))).toBe(row?.sealedSha256);
    expect(await eventsOf(ctx, request.id)).toHaveLength(1);
    expect(await mailTo(ctx, email)).toHaveLength(1);
    const folder = await fs.readdir(path.join(ctx.dataDir, 'files', 'agreements', artistId));
    expect(folder.filter((name) => !name.endsWith('.meta.json'))).toEqual([`${request.id}.pdf`]);
  });

  it('seals once when two runs race; the stored file is the one whose hash was recorded', async () => {
    const { request, artistId, email } = await insertRequest(ctx, { signerName: 'Ada Race' });
    const deps = {
      db: ctx.app.db,
      storage: ctx.app.providers.storage,
      externalSigning: undefined,
      config: ctx.config,
    };
    const outcomes = await Promise.all([
      sealSignatureRequest(deps, request.id),
      sealSignatureRequest(deps, request.id),
    ]);
    expect(outcomes.map((o) => o.result).sort()).toEqual(['already_sealed', 'sealed']);
    const row = await requestRow(ctx, request.id);
    const stored = await readStored(ctx, sealedAgreementKey(artistId, request.id));
    expect(sha256(stored)).toBe(row?.sealedSha256);
    expect(outcomes.find((o) => o.result === 'sealed')).toMatchObject({ sha256: row?.sealedSha256 });
    expect((await eventsOf(ctx, request.id)).map((e) => e.type)).toEqual(['sealed']);
    const mailJobs = await ctx.app.db.select().from(jobs).where(eq(jobs.type, 'mail.send'));
    expect(mailJobs.filter((j) => (j.payload as { to: string }).to === email)).toHaveLength(1);
    const folder = await fs.readdir(path.join(ctx.dataDir, 'files', 'agreements', artistId));
    expect(folder.filter((name) => !name.endsWith('.meta.json'))).toEqual([`${request.id}.pdf`]);
  });

  it.each(['awaiting_signature', 'declined', 'expired'] as const)(
    'fails permanently for a request that is %s',
    async (status) => {
      const { request, artistId } = await insertRequest(ctx, { status });
      await enqueue(ctx, request.id);
      const [outcome, ...rest] = await runJobs();
      expect(rest).toEqual([]);
      expect(outcome?.result).toBe('failed');
      const [job] = await ctx.app.db
        .select()
        .from(jobs)
        .where(eq(jobs.id, outcome?.job.id as number));
      expect(job?.status).toBe('failed');
      expect(job?.attempts).toBe(1);
      expect(job?.lastError).toBe(
        `PermanentJobError: Signature request ${request.id} is ${status}, not signed`,
      );
      expect((await requestRow(ctx, request.id))?.sealedAt).toBeNull();
      expect(await eventsOf(ctx, request.id)).toEqual([]);
      expect(await ctx.app.providers.storage.head(sealedAgreementKey(artistId, request.id))).toBeUndefined();
    },
  );

  it('fails permanently for an unknown request and for a malformed payload', async () => {
    const unknown = randomUUID();
    await enqueue(ctx, unknown);
    const [missing] = await runJobs();
    expect(missing?.result).toBe('failed');
    const [missingJob] = await ctx.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, missing?.job.id as number));
    expect(missingJob?.lastError).toBe(`PermanentJobError: Signature request ${unknown} not found`);

    await enqueueJob(ctx.app.db, sealAgreementJob.name, { requestId: 'not-an-id' });
    const [malformed] = await runJobs();
    expect(malformed?.result).toBe('failed');
    const [malformedJob] = await ctx.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, malformed?.job.id as number));
    expect(malformedJob?.attempts).toBe(1);
    expect(malformedJob?.lastError).toBe(
      'PermanentJobError: Invalid contracts payload (contracts.seal): ✖ Invalid UUID\n  → at requestId',
    );
  });

  it('fails permanently when the drawn signature cannot be read', async () => {
    const { request } = await insertRequest(ctx, { signatureImage: 'data:image/png;base64,AAAA' });
    await enqueue(ctx, request.id);
    const [outcome] = await runJobs();
    expect(outcome?.result).toBe('failed');
    const [job] = await ctx.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, outcome?.job.id as number));
    expect(job?.lastError).toMatch(
      new RegExp(`^PermanentJobError: The sealed PDF of signature request ${request.id} could not be made: `),
    );
    expect((await requestRow(ctx, request.id))?.sealedAt).toBeNull();
  });

  it('fails permanently for a Dropbox Sign request when Dropbox Sign is not configured', async () => {
    const { request } = await insertRequest(ctx, {
      provider: 'dropbox_sign',
      providerRequestId: 'fa5c8a0b0f',
    });
    await enqueue(ctx, request.id);
    const [outcome] = await runJobs();
    expect(outcome?.result).toBe('failed');
    const [job] = await ctx.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, outcome?.job.id as number));
    expect(job?.lastError).toBe(
      `PermanentJobError: Signature request ${request.id} was signed with Dropbox Sign, which is not configured`,
    );
  });
});

describe('contracts.seal with Dropbox Sign', () => {
  // Whatever PDF the provider answers is stored and hashed as it is, byte for byte.
  const providerPdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
  const downloads: string[] = [];
  let failNext = false;
  const externalSigning: ExternalSigning = {
    name: 'dropbox_sign',
    clientId: 'test-client',
    testMode: true,
    checkAccount: async () => ({ emailAddress: 'label@example.com' }),
    createEmbeddedRequest: async () => {
      throw new Error('not used by sealing');
    },
    getSignUrl: async () => {
      throw new Error('not used by sealing');
    },
    getStatus: async () => 'signed',
    downloadSignedPdf: async (id) => {
      downloads.push(id);
      if (failNext) {
        failNext = false;
        throw new Error('Dropbox Sign answered 503');
      }
      return new Uint8Array(providerPdf);
    },
    verifyEvent: () => false,
  };
  let providerCtx: TestContext;
  beforeAll(async () => {
    providerCtx = await createTestContext({ database, providers: { externalSigning } });
  });
  afterAll(async () => {
    await providerCtx.close();
  });

  it("stores and hashes the provider's signed PDF, retrying when the download fails", async () => {
    const { request, artistId, email } = await insertRequest(providerCtx, {
      provider: 'dropbox_sign',
      providerRequestId: 'a1b2c3d4e5',
    });
    failNext = true;
    await enqueue(providerCtx, request.id);
    const [first] = await runJobs(providerCtx);
    expect(first?.result).toBe('retry');
    expect((await requestRow(providerCtx, request.id))?.sealedAt).toBeNull();

    // Due again at once, as if the backoff had passed.
    await providerCtx.app.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, first?.job.id as number));
    const outcomes = await runJobs(providerCtx);
    expect(outcomes.map((o) => [o.job.type, o.result])).toEqual([
      [sealAgreementJob.name, 'done'],
      ['mail.send', 'done'],
    ]);
    expect(downloads).toEqual(['a1b2c3d4e5', 'a1b2c3d4e5']);
    const stored = await readStored(providerCtx, sealedAgreementKey(artistId, request.id));
    expect(stored.equals(providerPdf)).toBe(true);
    const row = await requestRow(providerCtx, request.id);
    expect(row?.sealedSha256).toBe(sha256(providerPdf));
    expect(row?.sealedBytes).toBe(providerPdf.length);
    expect((await eventsOf(providerCtx, request.id)).map((e) => [e.type, e.data])).toEqual([
      ['sealed', { sha256: sha256(providerPdf), bytes: providerPdf.length }],
    ]);
    expect((await mailTo(providerCtx, email)).map((m) => m.subject)).toEqual([
      'Your signed artist agreement',
    ]);
  });
});

describe('contracts.seal with a timestamp authority (TSA_URL)', () => {
  let tsa: TsaStandIn;
  let tsaCtx: TestContext;
  beforeAll(async () => {
    tsa = await startTsaStandIn();
    tsaCtx = await createTestContext({ database, env: { TSA_URL: tsa.url } });
  });
  afterAll(async () => {
    await tsaCtx.close();
    await tsa.close();
  });

  it('retries while the authority fails, then seals with its timestamp, which the verify answer shows', async () => {
    const { request, artistId } = await insertRequest(tsaCtx);
    tsa.failAll(true);
    await enqueue(tsaCtx, request.id);
    const [first] = await runJobs(tsaCtx);
    // Never sealed without the promised time, and not given up on: the job waits for the authority.
    expect(first?.result).toBe('retry');
    const [job] = await tsaCtx.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, first?.job.id as number));
    expect(job?.lastError).toContain(
      `Signature request ${request.id} could not be sealed: The timestamp authority at ${tsa.url} answered HTTP 500 Internal Server Error`,
    );
    expect((await requestRow(tsaCtx, request.id))?.sealedAt).toBeNull();

    tsa.failAll(false);
    await tsaCtx.app.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, first?.job.id as number));
    const outcomes = await runJobs(tsaCtx);
    expect(outcomes.map((o) => [o.job.type, o.result])).toEqual([
      [sealAgreementJob.name, 'done'],
      ['mail.send', 'done'],
    ]);
    const stored = await readStored(tsaCtx, sealedAgreementKey(artistId, request.id));
    expect(readPdfSignature(stored)).toMatchObject({ intact: true, timestamp: { verifies: true } });
    const verification = await getAgreementVerification(
      { db: tsaCtx.app.db, storage: tsaCtx.app.providers.storage },
      request.id,
      { kind: 'staff' },
    );
    expect(verification.signature).toMatchObject({
      timeSource: 'timestamp-authority',
      timestamp: { authority: `${tsa.commonName}, ${tsa.organisation}`, verifies: true },
      intact: true,
      coversWholeFile: true,
    });
    expect(Date.parse(verification.signature?.timestamp?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });
});
