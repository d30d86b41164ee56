import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  TEST_DASHBOARD_DEFAULT_DATA,
  TEST_DASHBOARD_TESTS,
  type TestDashboardRunResponse,
  testDashboardRunResponseSchema,
  testDashboardTestsResponseSchema,
} from '../../../domain';
import { artists, jobs, outboxMessages, rateLimitCounters, submissions, uploads } from '../../db/schema';
import { type MondayStandIn, STAND_IN_COLUMNS, startMondayStandIn } from '../../stand-ins/monday';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-context';
import { TEST_DASHBOARD_RUNS_PER_MINUTE, TOO_MANY_TEST_RUNS, UNKNOWN_TEST } from './test-dashboard';

let ctx: TestContext;
/** The database implementation's name: PGlite, or PostgreSQL when TEST_DATABASE_URL is set (CI). */
let DB: string;
let staff: SignedIn;
let artist: SignedIn;
const STAFF_EMAIL = 'tester@label.example';

beforeAll(async () => {
  ctx = await createTestContext();
  DB = ctx.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  staff = await signInStaff(ctx.app, ctx.database.db, STAFF_EMAIL);
  artist = await signIn(ctx.app, ctx.database.db, 'fan@example.com');
});
afterAll(async () => ctx.close());
// Each test starts with a fresh budget of runs (the rate limit has a test of its own).
beforeEach(async () => {
  await ctx.database.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, 'test-dashboard:%'));
});

const db = () => ctx.database.db;

function listTests(as: SignedIn | null, app: FastifyInstance = ctx.app) {
  return app.inject({
    method: 'GET',
    url: '/api/test-dashboard/tests',
    headers: as ? { cookie: as.cookie } : {},
  });
}

function runTest(
  name: string,
  options: { as?: SignedIn | null; app?: FastifyInstance; payload?: Record<string, unknown> } = {},
) {
  const as = options.as === undefined ? staff : options.as;
  return (options.app ?? ctx.app).inject({
    method: 'POST',
    url: `/api/test-dashboard/tests/${name}/run`,
    headers: as ? as.headers : { origin: ctx.config.publicUrl },
    payload: options.payload ?? {},
  });
}

async function run(
  name: string,
  options: Parameters<typeof runTest>[1] = {},
): Promise<TestDashboardRunResponse> {
  const response = await runTest(name, options);
  expect(response.statusCode, response.body).toBe(200);
  return testDashboardRunResponseSchema.parse(response.json());
}

async function countRows(table: typeof submissions | typeof uploads | typeof artists | typeof jobs) {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

/** Every file under the local storage root, as relative paths. */
async function storedFiles(dataDir = ctx.dataDir): Promise<string[]> {
  const root = path.join(dataDir, 'files');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function snapshot(dataDir?: string) {
  return {
    submissions: await countRows(submissions),
    uploads: await countRows(uploads),
    artists: await countRows(artists),
    jobs: await countRows(jobs),
    files: await storedFiles(dataDir),
  };
}

describe('who may use the test dashboard', () => {
  it('refuses visitors (401) and artists (403), for the list and for runs', async () => {
    expect((await listTests(null)).statusCode).toBe(401);
    expect((await listTests(artist)).statusCode).toBe(403);
    const signedOut = await runTest('health', { as: null });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ success: false });
    expect((await runTest('health', { as: artist })).statusCode).toBe(403);
  });

  it('lists the nine tests for staff, each with the implementation it will use', async () => {
    const response = await listTests(staff);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { tests } = testDashboardTestsResponseSchema.parse(response.json());
    expect(tests.map((test) => test.name)).toEqual(TEST_DASHBOARD_TESTS.map((test) => test.name));
    expect(Object.fromEntries(tests.map((test) => [test.name, test.provider]))).toEqual({
      health: `${DB}, local disk, dev outbox, built-in board, built-in signing, offline catalogue`,
      'board-connection': 'built-in board',
      'board-columns': 'built-in board',
      'create-test-item': 'built-in board',
      'storage-auth': 'local disk',
      'full-submission': `local disk, ${DB}, built-in board, dev outbox`,
      mail: 'dev outbox',
      signing: 'built-in signing',
      catalogue: 'offline catalogue',
    });
    expect(tests[0]).toMatchObject({
      label: 'Health test',
      description: TEST_DASHBOARD_TESTS[0].description,
    });
  });

  it('answers 400 for an unknown test and for bad test data', async () => {
    const unknown = await runTest('no-such-test');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ success: false, error: UNKNOWN_TEST });
    const badEmail = await runTest('mail', { payload: { testData: { email: 'not an address' } } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ success: false });
    const extra = await runTest('mail', { payload: { testData: {}, surprise: true } });
    expect(extra.statusCode).toBe(400);
  });
});

describe('the tests on the default providers', () => {
  it.each(TEST_DASHBOARD_TESTS.map((test) => test.name))('%s succeeds', async (name) => {
    const result = await run(name);
    expect(result, result.detail).toMatchObject({ name, result: 'SUCCESS' });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.detail.length).toBeGreaterThan(0);
  });

  it('health names every provider and its implementation', async () => {
    const { detail } = await run('health');
    expect(detail).toContain('The server is serving and every provider answered.');
    for (const line of [
      `Database (${DB}): ok`,
      'File storage (local disk): ok',
      'Mail (dev outbox): ok',
      'Board (built-in board): ok',
      'Signing (built-in signing): ok',
      'Music catalogue (offline catalogue): ok',
    ])
      expect(detail).toContain(line);
  });

  it('the built-in board answers with its item count and its statuses', async () => {
    const items = await countRows(submissions);
    expect((await run('board-connection')).detail).toBe(
      `The built-in board (${DB} database) answers: ${items} ${items === 1 ? 'item' : 'items'}.`,
    );
    expect((await run('board-columns')).detail).toBe(
      "The built-in board's status column has 9 values: Pending, Changes requested, In Progress, Processing, Approved, Live, Active, Rejected, Failed.",
    );
  });

  it('create test item writes an item with the test data, reads it back and rolls it back', async () => {
    const before = await snapshot();
    const result = await run('create-test-item', {
      payload: {
        testData: { artistName: 'Rollback Band', releaseTitle: 'Gone Again', email: 'rb@example.com' },
      },
    });
    expect(result.result).toBe('SUCCESS');
    expect(result.detail).toMatch(
      /^Inserted item [0-9a-f-]{36} "Rollback Band - Gone Again \(Imprint test item\)" \(Pending, artist rb@example\.com\) into the built-in board and read it back; the transaction was then rolled back, so nothing was kept\.$/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('mail sends now to the staff member, or to the test data address', async () => {
    const own = await run('mail');
    expect(own.detail).toMatch(
      new RegExp(
        `^Sent to ${STAFF_EMAIL} through the dev outbox \\(kept, not delivered\\); message id <.+@imprint\\.outbox>\\.$`,
      ),
    );
    const stored = async (detail: string) => {
      const messageId = /message id (<[^>]+>)/.exec(detail)?.[1] ?? '';
      const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.messageId, messageId));
      return row;
    };
    expect(await stored(own.detail)).toMatchObject({
      to: STAFF_EMAIL,
      subject: `${ctx.config.label.name} test message`,
    });
    const other = await run('mail', { payload: { testData: { email: 'Someone.Else@Example.com' } } });
    expect(other.detail).toContain('Sent to someone.else@example.com');
    expect((await stored(other.detail))?.to).toBe('someone.else@example.com');
  });

  it('signing seals a test agreement in memory; the catalogue searches', async () => {
    expect((await run('signing')).detail).toMatch(
      /^Built-in signing sealed a test agreement for Test Artist in memory: \d+ pages, [\d,]+ bytes of PDF, signed by "Imprint document seal" \(self-signed, valid until \d{4}-\d{2}-\d{2}\); nothing was stored\.$/,
    );
    const catalogue = await run('catalogue', { payload: { testData: { artistName: 'a' } } });
    expect(catalogue.detail).toMatch(
      /^Offline demo catalogue .*\. Searching artists for "a" answered [1-5] artists?: /,
    );
  });

  it('storage authentication writes, reads and deletes a probe', async () => {
    const before = await storedFiles();
    expect((await run('storage-auth')).detail).toBe(
      'Wrote, read back and deleted a probe object on the local disk.',
    );
    expect(await storedFiles()).toEqual(before);
  });
});

describe('the full submission test', () => {
  it('runs a real submission through every provider and leaves nothing behind', async () => {
    const before = await snapshot();
    const outboxBefore = await db().select().from(outboxMessages);
    const result = await run('full-submission', {
      payload: { testData: { artistName: 'Full Run', releaseTitle: 'Every Provider' } },
    });
    expect(result.result, result.detail).toBe('SUCCESS');
    const lines = result.detail.split('\n');
    expect(lines[0]).toBe(
      `A submission went through local disk, ${DB}, built-in board and dev outbox, and everything it made was removed.`,
    );
    expect(lines[1]).toMatch(
      /^1\. Upload a WAV \(local disk\): ok, \d+ ms\. imprint-test-track\.wav, 176,444 bytes \(1 s, 44\.1 kHz, stereo, 16-bit\), checked and stored as uploads\/full-run-[0-9a-f]{16}\/audio\/[0-9a-f-]{36}\.wav; no follow-up jobs were queued\.$/,
    );
    expect(lines[2]).toMatch(
      /^2\. Upload a JPEG \(local disk\): ok, \d+ ms\. .*follow-up jobs withdrawn before commit: uploads\.image-variants\.$/,
    );
    expect(lines[3]).toMatch(
      new RegExp(
        `^3\\. Create the submission \\(${DB}\\): ok, \\d+ ms\\. Item [0-9a-f-]{36} "Full Run - Every Provider" \\(Pending\\) for a new artist ${STAFF_EMAIL} \\(made for the test\\), with 1 track and the artwork; follow-up jobs withdrawn before commit: media\\.audio-peaks, mail\\.send ×2, media\\.measure-loudness\\.$`,
      ),
    );
    expect(lines[4]).toMatch(
      /^4\. Mirror it to the board \(built-in board\): ok, \d+ ms\. The built-in board is the database: "Full Run - Every Provider" is on it \(Pending\)\.$/,
    );
    expect(lines[5]).toMatch(
      new RegExp(
        `^5\\. Mail the confirmation \\(dev outbox\\): ok, \\d+ ms\\. "We received your submission: Full Run - Every Provider" to ${STAFF_EMAIL} through the dev outbox`,
      ),
    );
    expect(lines.slice(6).map((line) => line.replace(/: ok, \d+ ms\./, ': ok.'))).toEqual([
      'Clean-up:',
      expect.stringMatching(
        /^- Delete the submission: ok\. Item [0-9a-f-]{36} deleted with its track, credits and events\.$/,
      ),
      '- Delete the uploads and their files: ok. 2 upload rows and 2 stored files deleted.',
      `- Delete the artist made for the test: ok. Artist ${STAFF_EMAIL} deleted.`,
      '- Check nothing is left: ok. None of the submission, the artist, 2 uploads, 2 files remains.',
    ]);

    // Rows, queued jobs and stored files are as they were; the one new mail is the confirmation.
    expect(await snapshot()).toEqual(before);
    const outboxAfter = await db().select().from(outboxMessages);
    const added = outboxAfter.filter((message) => !outboxBefore.some((old) => old.id === message.id));
    expect(added.map((message) => [message.to, message.subject])).toEqual([
      [STAFF_EMAIL, 'We received your submission: Full Run - Every Provider'],
    ]);
  });

  it('keeps an artist who existed before, and removes only what it made', async () => {
    await db().insert(artists).values({ email: 'known@example.com', artistName: 'Known Artist' });
    const before = await snapshot();
    const result = await run('full-submission', { payload: { testData: { email: 'known@example.com' } } });
    expect(result.result, result.detail).toBe('SUCCESS');
    expect(result.detail).toContain('for the existing artist known@example.com (kept)');
    expect(result.detail).not.toContain('Delete the artist');
    expect(await snapshot()).toEqual(before);
    const [known] = await db().select().from(artists).where(eq(artists.email, 'known@example.com'));
    expect(known?.artistName).toBe('Known Artist');
  });
});

describe('with the monday.com board configured', () => {
  let standIn: MondayStandIn;
  let monday: TestContext;

  beforeAll(async () => {
    standIn = await startMondayStandIn();
    monday = await createTestContext({
      database: ctx.database,
      env: {
        MONDAY_API_TOKEN: standIn.apiToken,
        MONDAY_BOARD_ID: standIn.boardId,
        MONDAY_API_URL: standIn.apiUrl,
      },
    });
  });
  afterAll(async () => {
    await monday.close();
    await standIn.close();
  });

  it('names monday.com as the board provider', async () => {
    const { tests } = testDashboardTestsResponseSchema.parse((await listTests(staff, monday.app)).json());
    expect(tests.find((test) => test.name === 'board-connection')?.provider).toBe('monday.com');
    expect(tests.find((test) => test.name === 'full-submission')?.provider).toBe(
      `local disk, ${DB}, monday.com, dev outbox`,
    );
  });

  it('connects, lists the columns, and creates a test item that it then deletes', async () => {
    const connection = await run('board-connection', { app: monday.app });
    expect(connection).toMatchObject({
      result: 'SUCCESS',
      detail: `Connected to monday.com as Stand-in Staff (account Stand-in Label); the mirror writes to board ${standIn.boardId}.`,
    });
    const columns = await run('board-columns', { app: monday.app });
    expect(columns.result).toBe('SUCCESS');
    expect(columns.detail).toBe(
      `monday.com board ${standIn.boardId} has ${STAND_IN_COLUMNS.length} columns: ${STAND_IN_COLUMNS.map((c) => `${c.title} (${c.type})`).join(', ')}.`,
    );

    standIn.requests.length = 0;
    const item = await run('create-test-item', { app: monday.app });
    expect(item.result, item.detail).toBe('SUCCESS');
    expect(item.detail).toMatch(
      new RegExp(
        `^Created item \\d+ "${TEST_DASHBOARD_DEFAULT_DATA.artistName} - ${TEST_DASHBOARD_DEFAULT_DATA.releaseTitle} \\(Imprint test item\\)" on board ${standIn.boardId} with 7 column values, then deleted it\\.$`,
      ),
    );
    expect(standIn.requests.map((request) => request.operation)).toEqual([
      'boards',
      'create_item',
      'delete_item',
    ]);
    const created = standIn.requests[1]?.variables.columnValues;
    expect(JSON.parse(String(created))).toMatchObject({
      text_artist: TEST_DASHBOARD_DEFAULT_DATA.artistName,
      email_main: { email: STAFF_EMAIL, text: STAFF_EMAIL },
    });
    expect(standIn.items.size).toBe(0);
  });

  it('mirrors the full submission to monday.com and deletes the item again', async () => {
    const before = await snapshot(monday.dataDir);
    standIn.requests.length = 0;
    const result = await run('full-submission', { app: monday.app });
    expect(result.result, result.detail).toBe('SUCCESS');
    expect(result.detail).toMatch(
      /4\. Mirror it to the board \(monday\.com\): ok, \d+ ms\. Created item \d+ /,
    );
    expect(result.detail).toMatch(/- Delete the board item \(monday\.com\): ok, \d+ ms\. Item \d+ deleted\./);
    // The queued board sync was withdrawn with the mails: only the test's own calls reached monday.com.
    expect(result.detail).toContain(
      'follow-up jobs withdrawn before commit: media.audio-peaks, mail.send ×2, media.measure-loudness, board.sync-submission.',
    );
    expect(standIn.requests.map((request) => request.operation)).toEqual([
      'boards',
      'create_item',
      'delete_item',
    ]);
    expect(standIn.items.size).toBe(0);
    expect(await snapshot(monday.dataDir)).toEqual(before);
  });

  it('fails at the board step with monday.com’s words, and still cleans up', async () => {
    const before = await snapshot(monday.dataDir);
    standIn.requests.length = 0;
    // The test's first call to monday.com is the mirror's column read: it is refused.
    standIn.applicationErrorNext('User unauthorized to perform action', 'UserUnauthorizedException');
    const result = await run('full-submission', { app: monday.app });
    expect(result.result).toBe('FAILED');
    const lines = result.detail.split('\n');
    expect(lines[0]).toBe(
      'FAILED at "Mirror it to the board (monday.com)": monday.com: User unauthorized to perform action',
    );
    expect(lines).toContain('5. Mail the confirmation (dev outbox): not run');
    expect(result.detail).toMatch(/- Delete the submission: ok/);
    expect(result.detail).toMatch(/- Check nothing is left: ok/);
    expect(standIn.items.size).toBe(0);
    expect(await snapshot(monday.dataDir)).toEqual(before);
  });

  it('reports the connection error when monday.com cannot be reached', async () => {
    const gone = await startMondayStandIn();
    await gone.close();
    const offline = await createTestContext({
      database: ctx.database,
      env: { MONDAY_API_TOKEN: gone.apiToken, MONDAY_BOARD_ID: gone.boardId, MONDAY_API_URL: gone.apiUrl },
    });
    try {
      const result = await run('board-connection', { app: offline.app });
      expect(result.result).toBe('FAILED');
      expect(result.detail).toMatch(/^monday\.com could not be reached: /);
      const health = await run('health', { app: offline.app });
      // The server still serves: an optional provider down is named, the test passes.
      expect(health.result).toBe('SUCCESS');
      expect(health.detail).toContain('The server is serving; degraded while Board is down.');
      expect(health.detail).toMatch(
        /Board \(monday\.com\): FAILED, \d+ ms: monday\.com could not be reached: /,
      );
    } finally {
      await offline.close();
    }
  });
});

describe('the rate limit', () => {
  it(`allows ${TEST_DASHBOARD_RUNS_PER_MINUTE} runs a minute per staff member`, async () => {
    const busy = await signInStaff(ctx.app, db(), 'busy@label.example');
    for (let i = 0; i < TEST_DASHBOARD_RUNS_PER_MINUTE; i++) {
      expect((await runTest('board-columns', { as: busy })).statusCode).toBe(200);
    }
    const limited = await runTest('board-columns', { as: busy });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, error: TOO_MANY_TEST_RUNS });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another staff member has a budget of their own.
    expect((await runTest('board-columns')).statusCode).toBe(200);
  });
});
