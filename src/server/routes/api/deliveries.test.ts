import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeliveryView, normaliseIcpn, normaliseIsrc } from '../../../domain';
import { deliveryAttempts, jobs, releaseSchedules, submissionTracks, uploads } from '../../db/schema';
import { generateSshKeyPair, type SftpStandIn, startSftpStandIn } from '../../stand-ins/sftp';
import {
  allElements,
  findErnXsdDir,
  parseXml,
  textsAt,
  validateErnXml,
  type XmlElement,
} from '../../test/ddex-xsd';
import { type S3rverInstance, startS3rver } from '../../test/s3rver';
import { signSchedule } from '../../test/schedule-signing';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { runDueJobs, submitSignedIn } from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';
import { unzipEntries } from '../../test/unzip';

/**
 * Delivery of an approved release through the API: identifiers assigned at approval from the
 * label's sequences (an artist's ISRC kept), the checklist until the release is deliverable, the
 * ERN message (validated against the official XSD when it is at hand) and the package (each
 * file's hash in the message matching its bytes), staff only; deliveries to SFTP and S3 stand-ins
 * by the ERN choreography, a target down then up, the recipient's acknowledgement, an update and a
 * takedown. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let ctx: TestContext;
let staff: SignedIn;
let artist: SignedIn;
let other: SignedIn;
let sftp: SftpStandIn;
let s3: S3rverInstance;
let keyDir: string;
const db = () => ctx.database.db;

beforeAll(async () => {
  keyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-delivery-keys-'));
  const pair = generateSshKeyPair();
  await fs.writeFile(path.join(keyDir, 'id_ed25519'), pair.private, { mode: 0o600 });
  sftp = await startSftpStandIn({ authorizedKey: pair.public });
  await fs.mkdir(path.join(sftp.root, 'incoming'));
  s3 = await startS3rver();
  ctx = await createTestContext({
    env: {
      ISRC_PREFIX: 'GB-XYZ',
      UPC_PREFIX: '5012345',
      DDEX_PARTY_ID: 'PADPIDA2014120301U',
      DDEX_PARTY_NAME: 'Northern Records',
      DDEX_RECIPIENT_ID: 'PADPIDA2000000001Z',
      DDEX_RECIPIENT_NAME: 'Stand-in Store',
      LABEL_NAME: 'Northern Records',
      DELIVERY_SFTP_URL: `${sftp.url}incoming`,
      DELIVERY_SFTP_KEY_FILE: path.join(keyDir, 'id_ed25519'),
      DELIVERY_SFTP_HOST_KEY_SHA256: sftp.hostKeySha256,
      DELIVERY_S3_BUCKET: s3.bucket,
      DELIVERY_S3_PREFIX: 'ddex/in',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
  staff = await signInStaff(ctx.app, db(), 'delivery@label.example', 'Dee Staff');
  artist = await signIn(ctx.app, db(), 'delivery.artist@example.com');
  other = await signIn(ctx.app, db(), 'someone.else@example.com');
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await sftp?.close();
  await s3?.stop();
  await fs.rm(keyDir, { recursive: true, force: true });
});

function call(as: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { origin: ctx.config.publicUrl, ...(as ? { cookie: as.cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function view(itemId: string): Promise<DeliveryView> {
  const response = await call(staff, 'GET', `/api/deliveries/${itemId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().delivery;
}

async function approve(itemId: string) {
  const response = await call(staff, 'POST', `/api/board/items/${itemId}/status`, { status: 'approved' });
  expect(response.statusCode, response.body).toBe(200);
}

async function signCurrentSchedule(itemId: string) {
  const [schedule] = await db()
    .select({ id: releaseSchedules.id })
    .from(releaseSchedules)
    .where(eq(releaseSchedules.submissionId, itemId));
  if (!schedule) throw new Error('no schedule');
  await signSchedule(ctx.app, artist, schedule.id);
  await runDueJobs(ctx.app);
}

/** An approved release with a store-sized cover and a signed schedule: deliverable. */
async function deliverableRelease(trackCount = 2) {
  const submission = await submitSignedIn(ctx.app, artist, { trackCount, artworkSize: 1600 });
  await approve(submission.itemId);
  await runDueJobs(ctx.app);
  await signCurrentSchedule(submission.itemId);
  return submission;
}

/** The texts at `path` below every element named by its first part, wherever it is. */
function textsBelow(doc: XmlElement, pathOfNames: string): string[] {
  const [first, ...rest] = pathOfNames.split('/');
  const tops = allElements(doc).filter((element) => element.name === first);
  return rest.length === 0 ? tops.map((e) => e.text) : tops.flatMap((e) => textsAt(e, rest.join('/')));
}

/** Every file the message names, with the SHA-256 it states: URI → hash. */
function statedHashes(xml: string): Map<string, string> {
  const doc = parseXml(xml);
  const uris = textsBelow(doc, 'File/URI');
  const hashes = textsBelow(doc, 'File/HashSum/HashSumValue');
  expect(uris.length).toBe(hashes.length);
  return new Map(uris.map((uri, i) => [uri, hashes[i] as string]));
}

describe('approval', () => {
  it('assigns one ISRC per track and an ICPN from the sequences, keeping an ISRC the artist gave', async () => {
    const { itemId } = await submitSignedIn(ctx.app, artist, { trackCount: 3 });
    const [first] = await db()
      .select({ id: submissionTracks.id })
      .from(submissionTracks)
      .where(and(eq(submissionTracks.submissionId, itemId), eq(submissionTracks.position, 0)));
    await db()
      .update(submissionTracks)
      .set({ isrc: 'US-S1Z-99-00001', isrcOrigin: 'artist' })
      .where(eq(submissionTracks.id, first?.id as string));
    await approve(itemId);
    const delivery = await view(itemId);
    const year = String(new Date().getFullYear()).slice(2);
    expect(delivery.identifiers.tracks.map((t) => [t.isrc, t.isrcOrigin])).toEqual([
      ['US-S1Z-99-00001', 'artist'],
      [expect.stringMatching(new RegExp(`^GB-XYZ-${year}-\\d{5}$`)), 'label'],
      [expect.stringMatching(new RegExp(`^GB-XYZ-${year}-\\d{5}$`)), 'label'],
    ]);
    expect(delivery.identifiers.icpnOrigin).toBe('label');
    expect(delivery.identifiers.icpn).toMatch(/^5012345\d{6}$/);
    expect(normaliseIcpn(delivery.identifiers.icpn as string)).toBe(delivery.identifiers.icpn);
  });

  it('gives two approvals at the same moment distinct codes', async () => {
    const a = await submitSignedIn(ctx.app, artist, { trackCount: 2 });
    const b = await submitSignedIn(ctx.app, artist, { trackCount: 2 });
    await Promise.all([approve(a.itemId), approve(b.itemId)]);
    const [va, vb] = [await view(a.itemId), await view(b.itemId)];
    const isrcs = [...va.identifiers.tracks, ...vb.identifiers.tracks].map((t) => t.isrc);
    expect(new Set(isrcs).size).toBe(4);
    expect(va.identifiers.icpn).not.toBe(vb.identifiers.icpn);
  });
});

describe('who may see a delivery', () => {
  it('answers 404 to everyone but staff, the release’s own artist included', async () => {
    const { itemId } = await submitSignedIn(ctx.app, artist);
    for (const as of [null, artist, other]) {
      for (const suffix of ['', '/ern.xml', '/package.zip']) {
        const response = await call(as, 'GET', `/api/deliveries/${itemId}${suffix}`);
        expect(response.statusCode, `${suffix} ${response.body}`).toBe(404);
      }
      expect(
        (await call(as, 'POST', `/api/deliveries/${itemId}/deliver`, { target: 'sftp' })).statusCode,
      ).toBe(404);
    }
    expect((await call(staff, 'GET', '/api/deliveries/not-an-id')).statusCode).toBe(404);
  });
});

describe('the checklist', () => {
  it('names what is missing, 409 for the message, until the release is deliverable', async () => {
    const { itemId } = await submitSignedIn(ctx.app, artist, { trackCount: 1 });
    await approve(itemId);
    await runDueJobs(ctx.app);
    let delivery = await view(itemId);
    expect(delivery.ready).toBe(false);
    const cover = delivery.checks.find((c) => c.key === 'cover');
    expect(cover).toMatchObject({
      ok: false,
      problem: 'the artwork is 600 × 600 px; stores need at least 1400 × 1400',
      fix: { kind: 'request', field: 'artwork' },
    });
    expect(delivery.checks.find((c) => c.key === 'schedule')).toMatchObject({
      ok: false,
      problem: 'waiting for the artist’s signature',
    });
    const message = await call(staff, 'GET', `/api/deliveries/${itemId}/ern.xml`);
    expect(message.statusCode).toBe(409);
    expect(message.json()).toMatchObject({
      success: false,
      error: 'This release is not ready for delivery yet.',
      missing: expect.arrayContaining([
        'Front cover (3000 × 3000 JPEG): the artwork is 600 × 600 px; stores need at least 1400 × 1400',
        'Signed release schedule: waiting for the artist’s signature',
      ]),
    });
    expect(
      (await call(staff, 'POST', `/api/deliveries/${itemId}/deliver`, { target: 'sftp' })).statusCode,
    ).toBe(409);

    await signCurrentSchedule(itemId);
    delivery = await view(itemId);
    expect(delivery.missing).toEqual([
      'Front cover (3000 × 3000 JPEG): the artwork is 600 × 600 px; stores need at least 1400 × 1400',
    ]);
  });

  it('lets staff correct codes by hand, refusing a bad check digit and a code another release has', async () => {
    const a = await deliverableRelease(1);
    const b = await submitSignedIn(ctx.app, artist, { trackCount: 1 });
    await approve(b.itemId);
    const taken = (await view(a.itemId)).identifiers;

    const badDigit = await call(staff, 'PUT', `/api/deliveries/${b.itemId}`, { icpn: '0 12345 67890 9' });
    expect(badDigit.statusCode).toBe(400);
    expect(badDigit.json().error).toBe("The UPC's check digit is wrong: 0 12345 67890 9 should end in 5");

    const clash = await call(staff, 'PUT', `/api/deliveries/${b.itemId}`, {
      tracks: [
        { trackId: (await view(b.itemId)).identifiers.tracks[0]?.trackId, isrc: taken.tracks[0]?.isrc },
      ],
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe(
      `The ISRC ${taken.tracks[0]?.isrc} is already used by “First Light”. Each release and track needs its own.`,
    );

    const edited = await call(staff, 'PUT', `/api/deliveries/${b.itemId}`, {
      icpn: '012345678905',
      pLine: { year: 2019, owner: 'Maya Rivers' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().delivery.identifiers).toMatchObject({ icpn: '0012345678905', icpnOrigin: 'staff' });
    expect(edited.json().delivery.lines.pLine).toEqual({ year: 2019, owner: 'Maya Rivers' });
  });
});

describe('the message and the package', () => {
  it('answers the ERN message and a package whose every file matches its stated hash', async () => {
    const { itemId, files } = await deliverableRelease(2);
    const delivery = await view(itemId);
    expect(delivery.missing).toEqual([]);
    expect(delivery.preview).toMatchObject({
      title: 'First Light',
      displayArtist: 'Maya Rivers',
      labelName: 'Northern Records',
      releaseType: 'Single',
    });
    const icpn = delivery.identifiers.icpn as string;

    const message = await call(staff, 'GET', `/api/deliveries/${itemId}/ern.xml`);
    expect(message.statusCode, message.body).toBe(200);
    expect(message.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = message.body;
    const doc = parseXml(xml);
    expect(textsBelow(doc, 'ReleaseId/ICPN')).toEqual([icpn]);
    expect(textsBelow(doc, 'SoundRecording/ResourceId/ISRC')).toEqual(
      delivery.identifiers.tracks.map((t) => (normaliseIsrc(t.isrc as string) as string).replace(/-/g, '')),
    );
    if (findErnXsdDir()) expect(await validateErnXml(xml)).toEqual({ valid: true, errors: [] });
    // Downloaded twice, the same bytes.
    expect((await call(staff, 'GET', `/api/deliveries/${itemId}/ern.xml`)).body).toBe(xml);

    const pack = await call(staff, 'GET', `/api/deliveries/${itemId}/package.zip`);
    expect(pack.statusCode, pack.body).toBe(200);
    expect(pack.headers['content-disposition']).toContain(`${icpn}.zip`);
    expect(Number(pack.headers['content-length'])).toBe(pack.rawPayload.length);
    const entries = await unzipEntries(pack.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [
        `${icpn}/${icpn}.xml`,
        `${icpn}/resources/${icpn}.jpg`,
        `${icpn}/resources/${icpn}_01_001.wav`,
        `${icpn}/resources/${icpn}_01_002.wav`,
      ].sort(),
    );
    expect(entries.get(`${icpn}/${icpn}.xml`)?.toString('utf8')).toBe(xml);
    for (const [uri, hash] of statedHashes(xml)) {
      const bytes = entries.get(`${icpn}/${uri}`);
      expect(bytes, uri).toBeDefined();
      expect(sha256(bytes as Buffer), uri).toBe(hash);
    }
    // The audio is the approved upload byte for byte.
    expect(sha256(entries.get(`${icpn}/resources/${icpn}_01_001.wav`) as Buffer)).toBe(
      sha256(files[0]?.bytes as Buffer),
    );
  });
});

describe('a large package', () => {
  /** A 16-bit stereo WAV of `bytes` bytes written to storage in 1 MiB steps, and its SHA-256. */
  async function writeLargeWav(file: string, bytes: number): Promise<string> {
    const hash = createHash('sha256');
    const out = createWriteStream(file);
    const header = Buffer.alloc(44);
    header.write('RIFF', 0, 'latin1');
    header.writeUInt32LE(bytes - 8, 4);
    header.write('WAVEfmt ', 8, 'latin1');
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(2, 22);
    header.writeUInt32LE(44_100, 24);
    header.writeUInt32LE(176_400, 28);
    header.writeUInt16LE(4, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36, 'latin1');
    header.writeUInt32LE(bytes - 44, 40);
    const chunk = Buffer.alloc(1024 * 1024, 0x11);
    const write = (part: Buffer) =>
      new Promise<void>((resolve, reject) => {
        hash.update(part);
        if (out.write(part)) resolve();
        else out.once('drain', resolve).once('error', reject);
      });
    await write(header);
    for (let left = bytes - 44; left > 0; left -= chunk.length)
      await write(chunk.subarray(0, Math.min(left, chunk.length)));
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    return hash.digest('hex');
  }

  it('streams a 600 MB package of 3 tracks while the server’s memory stays flat', async () => {
    const { itemId } = await deliverableRelease(3);
    const root = (ctx.config.storage as { root: string }).root;
    const tracks = await db()
      .select({ uploadId: uploads.id, key: uploads.storageKey })
      .from(submissionTracks)
      .innerJoin(uploads, eq(uploads.id, submissionTracks.audioUploadId))
      .where(eq(submissionTracks.submissionId, itemId))
      .orderBy(submissionTracks.position);
    const size = 200 * 1024 * 1024;
    const hashes: string[] = [];
    // The approved uploads' bytes made large under their ids: what the package reads is storage's.
    for (const track of tracks) {
      const sha = await writeLargeWav(path.join(root, track.key), size);
      hashes.push(sha);
      await db()
        .update(uploads)
        .set({ sha256: sha, originalSize: size })
        .where(eq(uploads.id, track.uploadId));
    }
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/deliveries/${itemId}/package.zip`, {
      headers: { cookie: staff.cookie },
    });
    expect(response.status).toBe(200);
    const announced = Number(response.headers.get('content-length'));
    expect(announced).toBeGreaterThan(3 * size);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    let received = 0;
    const digest = createHash('sha256');
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        received += chunk.length;
        digest.update(chunk);
      }
    } finally {
      clearInterval(sampler);
    }
    expect(received).toBe(announced);
    expect((peak - before) / 1024 / 1024).toBeLessThanOrEqual(64);
    // The tracks' hashes the message states are those of the bytes streamed.
    const xml = await call(staff, 'GET', `/api/deliveries/${itemId}/ern.xml`);
    expect([...statedHashes(xml.body).values()].slice(0, 3)).toEqual(hashes);
    for (const track of tracks) await fs.rm(path.join(root, track.key), { force: true });
  }, 120_000);
});

describe('delivering to a target', () => {
  async function deliver(itemId: string, target: 'sftp' | 's3', takedown = false) {
    const response = await call(
      staff,
      'POST',
      `/api/deliveries/${itemId}/${takedown ? 'takedown' : 'deliver'}`,
      { target },
    );
    expect(response.statusCode, response.body).toBe(202);
    return response.json().attempt as { id: string; batchId: string; messageId: string; kind: string };
  }

  it('sends a batch to SFTP by the choreography, retries while the server is down, reads the acknowledgement', async () => {
    const { itemId } = await deliverableRelease(1);
    const icpn = (await view(itemId)).identifiers.icpn as string;
    sftp.setDown(true);
    const attempt = await deliver(itemId, 'sftp');
    expect(attempt.kind).toBe('initial');
    const [job] = await db().select().from(jobs).where(eq(jobs.type, 'delivery.send'));
    expect(job?.maxAttempts).toBe(12);
    await ctx.app.jobs.runOnce();
    let log = (await view(itemId)).log[0];
    expect(log).toMatchObject({ status: 'queued', tries: 1 });
    expect(log?.error).toMatch(/sftp:\/\//);
    expect((await view(itemId)).state).toBe('delivering');

    sftp.setDown(false);
    await db().update(jobs).set({ runAt: new Date() }).where(eq(jobs.type, 'delivery.send'));
    await ctx.app.jobs.runOnce();
    log = (await view(itemId)).log[0];
    expect(log).toMatchObject({ status: 'sent', tries: 2, error: null });
    expect((await view(itemId)).state).toBe('delivered');

    const batch = path.join(sftp.root, 'incoming', `N_${attempt.batchId}`);
    const listing = await fs.readdir(batch, { recursive: true });
    expect(listing.sort()).toEqual(
      [
        `BatchComplete_${attempt.batchId}.xml`,
        icpn,
        `${icpn}/${icpn}.xml`,
        `${icpn}/resources`,
        `${icpn}/resources/${icpn}.jpg`,
        `${icpn}/resources/${icpn}_01_001.wav`,
      ].sort(),
    );
    const xml = await fs.readFile(path.join(batch, icpn, `${icpn}.xml`), 'utf8');
    expect(textsBelow(parseXml(xml), 'MessageHeader/MessageId')).toEqual([attempt.messageId]);
    for (const [uri, hash] of statedHashes(xml))
      expect(sha256(await fs.readFile(path.join(batch, icpn, uri))), uri).toBe(hash);

    // The store writes its acknowledgement; Imprint reads it back.
    await fs.mkdir(path.join(sftp.root, 'incoming', 'acknowledgements'), { recursive: true });
    await fs.writeFile(
      path.join(sftp.root, 'incoming', 'acknowledgements', `ACK_N_${attempt.batchId}.xml`),
      `<?xml version="1.0"?><FtpAcknowledgementMessage><FileStatus>FileOK</FileStatus><Description>Ingested</Description></FtpAcknowledgementMessage>`,
    );
    await db().update(jobs).set({ runAt: new Date() }).where(eq(jobs.type, 'delivery.read-acknowledgement'));
    await runDueJobs(ctx.app);
    expect((await view(itemId)).log[0]).toMatchObject({
      status: 'acknowledged',
      acknowledgement: { fileName: `ACK_N_${attempt.batchId}.xml`, status: 'FileOK', text: 'Ingested' },
    });

    // A metadata change, then a redelivery: an update; then a takedown.
    const changed = await call(staff, 'PUT', `/api/deliveries/${itemId}`, {
      cLine: { year: 2030, owner: null },
    });
    expect(changed.json().delivery.changedSinceDelivery).toBe(true);
    const update = await deliver(itemId, 'sftp');
    expect(update.kind).toBe('update');
    // One message to a target at a time.
    const twice = await call(staff, 'POST', `/api/deliveries/${itemId}/deliver`, { target: 'sftp' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatch(/^A message to sftp:\/\/.* is still on its way/);
    await runDueJobs(ctx.app);
    expect((await view(itemId)).log[0]).toMatchObject({ kind: 'update', status: 'sent' });
    // A takedown describes what the store has, even when the release here is no longer deliverable.
    await db()
      .update(releaseSchedules)
      .set({ supersededAt: new Date(), supersededReason: 'changed' })
      .where(eq(releaseSchedules.submissionId, itemId));
    expect((await view(itemId)).ready).toBe(false);
    const takedown = await deliver(itemId, 'sftp', true);
    expect(takedown.kind).toBe('takedown');
    await runDueJobs(ctx.app);
    const takedownXml = await fs.readFile(
      path.join(sftp.root, 'incoming', `N_${takedown.batchId}`, icpn, `${icpn}.xml`),
      'utf8',
    );
    expect(textsBelow(parseXml(takedownXml), 'ValidityPeriod/EndDate').length).toBeGreaterThan(0);
    expect(await fs.readdir(path.join(sftp.root, 'incoming', `N_${takedown.batchId}`, icpn))).toEqual([
      `${icpn}.xml`,
    ]);
    if (findErnXsdDir()) expect((await validateErnXml(takedownXml)).valid).toBe(true);
    expect((await view(itemId)).state).toBe('taken_down');
  });

  it('sends a batch to S3 under its prefix', async () => {
    const { itemId } = await deliverableRelease(1);
    const icpn = (await view(itemId)).identifiers.icpn as string;
    const attempt = await deliver(itemId, 's3');
    await runDueJobs(ctx.app);
    expect((await view(itemId)).log[0]).toMatchObject({
      status: 'sent',
      targetDescription: `s3://${s3.bucket}/ddex/in`,
    });
    const [row] = await db().select().from(deliveryAttempts).where(eq(deliveryAttempts.id, attempt.id));
    expect(row?.status).toBe('sent');
    const targets = (await import('../../providers/delivery')).createDeliveryTargets(ctx.config.delivery);
    const listed = await targets.s3?.list(`N_${attempt.batchId}`);
    expect(listed?.sort()).toEqual([`BatchComplete_${attempt.batchId}.xml`, icpn].sort());
    const xml = await targets.s3?.read(`N_${attempt.batchId}/${icpn}/${icpn}.xml`);
    const [track] = await db()
      .select({ sha256: uploads.sha256 })
      .from(submissionTracks)
      .innerJoin(uploads, eq(uploads.id, submissionTracks.audioUploadId))
      .where(eq(submissionTracks.submissionId, itemId));
    expect(statedHashes(xml?.toString('utf8') ?? '').get(`resources/${icpn}_01_001.wav`)).toBe(track?.sha256);
    await targets.s3?.close();
  });
});
