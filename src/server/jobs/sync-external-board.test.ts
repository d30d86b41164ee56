import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boardSyncItems, invitations, jobs, submissions } from '../db/schema';
import {
  EXTERNAL_BOARD_NOT_CONFIGURED,
  type ExternalBoard,
  MONDAY_API_VERSION,
  MondayBoard,
} from '../providers/board/monday-board';
import { queueBoardSync } from '../services/board-sync/queue-board-sync';
import { addStaff } from '../services/staff/manage-staff';
import { type MondayStandIn, startMondayStandIn } from '../stand-ins/monday';
import { type SignedIn, signIn, signInStaff } from '../test/sign-in';
import { postSubmission, prepareTestSubmission } from '../test/submission-fixtures';
import { createTestContext, type TestContext } from '../test/test-context';
import { syncBoardInvitationJob } from './sync-board-invitation';
import { syncBoardSubmissionJob } from './sync-board-submission';

let standIn: MondayStandIn;
let ctx: TestContext;
let staff: SignedIn;
let artist: SignedIn;

beforeAll(async () => {
  standIn = await startMondayStandIn();
  ctx = await createTestContext({
    env: {
      MONDAY_API_TOKEN: standIn.apiToken,
      MONDAY_BOARD_ID: standIn.boardId,
      MONDAY_API_URL: standIn.apiUrl,
    },
  });
  staff = await signInStaff(ctx.app, ctx.database.db, 'reviewer@label.example');
  artist = await signIn(ctx.app, ctx.database.db, 'someone@example.com');
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
});

const db = () => ctx.database.db;

async function runJobs(app = ctx.app) {
  const outcomes = [];
  for (let outcome = await app.jobs.runOnce(); outcome; outcome = await app.jobs.runOnce())
    outcomes.push(outcome);
  return outcomes;
}

async function submit(app = ctx.app): Promise<string> {
  const prepared = await prepareTestSubmission(app);
  const response = await postSubmission(app, prepared.payload);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { itemId: string } }).data.itemId;
}

function changeStatus(itemId: string, status: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/board/items/${itemId}/status`,
    headers: staff.headers,
    payload: { status },
  });
}

async function syncRow(entityId: string) {
  const [row] = await db().select().from(boardSyncItems).where(eq(boardSyncItems.entityId, entityId));
  return row;
}

const mutations = () => standIn.requests.filter((r) => r.operation !== 'boards');

describe('board.sync-* jobs against the monday.com stand-in', () => {
  it('creates the item of a new submission, then changes its columns when the status changes', async () => {
    const itemId = await submit();
    const [queued] = await db().select().from(jobs).where(eq(jobs.type, syncBoardSubmissionJob.name));
    expect(queued?.payload).toEqual({ entityId: itemId });
    expect(queued?.uniqueKey).toBe(`board.sync-submission:${itemId}`);
    const [row] = await db().select().from(submissions).where(eq(submissions.id, itemId));

    await runJobs();
    // One read of the columns per run, then the mutation.
    expect(standIn.requests.map((r) => r.operation)).toEqual(['boards', 'create_item']);
    const create = standIn.requests[1];
    expect(create?.headers).toEqual({ authorization: standIn.apiToken, apiVersion: MONDAY_API_VERSION });
    expect(create?.variables.boardId).toBe(standIn.boardId);
    expect(create?.variables.itemName).toBe('Maya Rivers - First Light');
    expect(JSON.parse(String(create?.variables.columnValues))).toEqual({
      text_artist: 'Maya Rivers',
      text_first: 'Maya',
      text_surname: 'Rivers',
      email_main: { email: 'maya@example.com', text: 'maya@example.com' },
      text_country: 'United Kingdom',
      text_city: 'London',
      text_release: 'First Light',
      text_type: row?.releaseType,
      text_genres: 'Pop, Indie Pop',
      status: { label: 'pending' },
    });
    const synced = await syncRow(itemId);
    const externalItemId = synced?.externalItemId;
    expect(externalItemId).toBeTruthy();
    expect(standIn.items.get(String(externalItemId))?.name).toBe('Maya Rivers - First Light');
    expect(synced?.syncedAt).toBeInstanceOf(Date);
    expect(synced?.lastError).toBeNull();

    standIn.requests.length = 0;
    expect((await changeStatus(itemId, 'approved')).statusCode).toBe(200);
    await runJobs();
    expect(mutations().map((r) => r.operation)).toEqual(['change_multiple_column_values']);
    const change = mutations()[0];
    expect(change?.variables.itemId).toBe(externalItemId);
    expect(change?.variables.boardId).toBe(standIn.boardId);
    expect(JSON.parse(String(change?.variables.columnValues))).toMatchObject({
      name: 'Maya Rivers - First Light',
      status: { label: 'approved' },
    });
    expect(standIn.items.get(String(externalItemId))?.columnValues.status).toEqual({ label: 'approved' });
    expect(standIn.items.size).toBe(1);
  });

  it('waits out a 429 for as long as Retry-After says, then succeeds', async () => {
    const itemId = await submit();
    standIn.rateLimitNext(30);
    const before = await db().select({ now: sql<string>`now()::text` }).from(sql`(select 1) as one`);
    const outcomes = await runJobs();
    expect(outcomes.find((o) => o.job.type === syncBoardSubmissionJob.name)?.result).toBe('rescheduled');
    expect(standIn.requests.map((r) => r.status)).toEqual([429]);
    expect((await syncRow(itemId))?.lastError).toBe('monday.com rate limit: Rate Limit Exceeded');
    const [waiting] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, syncBoardSubmissionJob.name), eq(jobs.status, 'pending')));
    const waitedMs = (waiting?.runAt.getTime() ?? 0) - new Date(String(before[0]?.now)).getTime();
    expect(waitedMs).toBeGreaterThanOrEqual(29_000);

    // Not due yet: nothing runs.
    expect(await ctx.app.jobs.runOnce()).toBeUndefined();
    await db()
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, waiting?.id ?? 0));
    await runJobs();
    expect(standIn.requests.map((r) => r.operation)).toEqual(['boards', 'boards', 'create_item']);
    const synced = await syncRow(itemId);
    expect(synced?.lastError).toBeNull();
    expect(standIn.items.has(String(synced?.externalItemId))).toBe(true);
  });

  it('waits out a complexity error, which monday.com sends with HTTP 200', async () => {
    const itemId = await submit();
    standIn.complexityNext(20);
    await runJobs();
    expect(standIn.requests.map((r) => r.status)).toEqual([200]);
    expect((await syncRow(itemId))?.lastError).toBe('monday.com rate limit: Complexity budget exhausted');
    await db()
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.status, 'pending'));
    await runJobs();
    expect((await syncRow(itemId))?.externalItemId).toBeTruthy();
  });

  it('stops on an application error in errors[] with HTTP 200, and records it', async () => {
    const itemId = await submit();
    standIn.applicationErrorNext('User unauthorized to perform action', 'UserUnauthorizedException');
    const outcomes = await runJobs();
    const outcome = outcomes.find((o) => o.job.type === syncBoardSubmissionJob.name);
    expect(outcome?.result).toBe('failed');
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.id, outcome?.job.id ?? 0));
    expect(job?.status).toBe('failed');
    expect(job?.lastError).toBe('PermanentJobError: monday.com: User unauthorized to perform action');
    const synced = await syncRow(itemId);
    expect(synced?.externalItemId).toBeNull();
    expect(synced?.lastError).toBe('monday.com: User unauthorized to perform action');
  });

  it('mirrors an invitation under the invited artist’s name', async () => {
    const [invitation] = await db()
      .insert(invitations)
      .values({
        tokenHash: `test-${Date.now()}`,
        artistName: 'Nova Lane',
        firstName: 'Nova',
        surname: 'Lane',
        email: 'nova@example.com',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    await queueBoardSync(db(), 'invitation', String(invitation?.id));
    // A second change before the job runs is one job, not two.
    await queueBoardSync(db(), 'invitation', String(invitation?.id));
    expect(
      await db()
        .select()
        .from(jobs)
        .where(like(jobs.uniqueKey, `board.sync-invitation:${invitation?.id}`)),
    ).toHaveLength(1);
    await runJobs();
    const create = mutations()[0];
    expect(create?.operation).toBe('create_item');
    expect(create?.variables.itemName).toBe('Nova Lane');
    expect(JSON.parse(String(create?.variables.columnValues))).toEqual({
      text_artist: 'Nova Lane',
      text_first: 'Nova',
      text_surname: 'Lane',
      email_main: { email: 'nova@example.com', text: 'nova@example.com' },
      status: { label: 'valid' },
    });
  });
});

describe('an invitation staff create', () => {
  it('is mirrored by its own job', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/artist-invitations/create',
      headers: staff.headers,
      payload: { artistName: 'Iris Vale', firstName: 'Iris', surname: 'Vale', email: 'iris@example.com' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { itemId } = response.json() as { itemId: string };
    const [queued] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `board.sync-invitation:${itemId}`));
    expect(queued?.type).toBe(syncBoardInvitationJob.name);
    await runJobs();
    const create = mutations().find((r) => r.operation === 'create_item');
    expect(create?.variables.itemName).toBe('Iris Vale');
    expect(JSON.parse(String(create?.variables.columnValues))).toMatchObject({
      text_artist: 'Iris Vale',
      email_main: { email: 'iris@example.com', text: 'iris@example.com' },
      status: { label: 'valid' },
    });
    expect((await syncRow(itemId))?.externalItemId).toBeTruthy();
  });
});

describe('a change while the job runs', () => {
  it('is caught up by a second run, since the running job kept its unique key', async () => {
    const monday = new MondayBoard({
      apiToken: standIn.apiToken,
      boardId: standIn.boardId,
      apiUrl: standIn.apiUrl,
    });
    let changeDuringCreate: (() => Promise<void>) | undefined;
    const board: ExternalBoard = {
      listColumns: (signal) => monday.listColumns(signal),
      testConnection: (signal) => monday.testConnection(signal),
      updateItem: (itemId, input, signal) => monday.updateItem(itemId, input, signal),
      deleteItem: (itemId, signal) => monday.deleteItem(itemId, signal),
      createItem: async (input, signal) => {
        await changeDuringCreate?.();
        return monday.createItem(input, signal);
      },
    };
    const racing = await createTestContext({
      database: ctx.database,
      env: {
        MONDAY_API_TOKEN: standIn.apiToken,
        MONDAY_BOARD_ID: standIn.boardId,
        MONDAY_API_URL: standIn.apiUrl,
      },
      providers: { externalBoard: board },
    });
    try {
      const itemId = await submit(racing.app);
      changeDuringCreate = async () => {
        changeDuringCreate = undefined;
        // What a staff member's status change does meanwhile: its own job finds this one running.
        await db().update(submissions).set({ status: 'rejected' }).where(eq(submissions.id, itemId));
      };
      standIn.requests.length = 0;
      const outcomes = await runJobs(racing.app);
      expect(outcomes.filter((o) => o.job.type === syncBoardSubmissionJob.name).map((o) => o.result)).toEqual(
        ['rescheduled', 'done'],
      );
      expect(mutations().map((r) => r.operation)).toEqual(['create_item', 'change_multiple_column_values']);
      const externalItemId = String((await syncRow(itemId))?.externalItemId);
      expect(standIn.items.get(externalItemId)?.columnValues.status).toEqual({ label: 'rejected' });
    } finally {
      await racing.close();
    }
  });
});

describe('GET /api/board/test-connection and /api/board/columns', () => {
  it('are for staff only', async () => {
    for (const url of ['/api/board/test-connection', '/api/board/columns']) {
      const visitor = await ctx.app.inject({ method: 'GET', url });
      expect(visitor.statusCode).toBe(401);
      const byArtist = await ctx.app.inject({ method: 'GET', url, headers: { cookie: artist.cookie } });
      expect(byArtist.statusCode).toBe(403);
    }
  });

  it('report the connection and the columns of the configured board', async () => {
    const test = await ctx.app.inject({
      method: 'GET',
      url: '/api/board/test-connection',
      headers: { cookie: staff.cookie },
    });
    expect(test.statusCode).toBe(200);
    expect(test.json()).toEqual({
      success: true,
      configured: true,
      message: `Connected to monday.com as Stand-in Staff (Stand-in Label); board ${standIn.boardId} has ${standIn.columns.length} columns`,
      account: { name: 'Stand-in Label', userName: 'Stand-in Staff', boardId: standIn.boardId },
    });
    const columns = await ctx.app.inject({
      method: 'GET',
      url: '/api/board/columns',
      headers: { cookie: staff.cookie },
    });
    expect(columns.statusCode).toBe(200);
    expect(columns.json()).toEqual({ success: true, configured: true, columns: standIn.columns });
  });

  it('report a refused token as the test’s answer, and a failed column read as a 502', async () => {
    const wrong = await createTestContext({
      database: ctx.database,
      env: {
        MONDAY_API_TOKEN: 'revoked-token',
        MONDAY_BOARD_ID: standIn.boardId,
        MONDAY_API_URL: standIn.apiUrl,
      },
    });
    try {
      const signedIn = await signIn(wrong.app, wrong.database.db, 'reviewer@label.example');
      const test = await wrong.app.inject({
        method: 'GET',
        url: '/api/board/test-connection',
        headers: { cookie: signedIn.cookie },
      });
      expect(test.json()).toEqual({
        success: false,
        configured: true,
        message: 'monday.com refused the API token: Not Authenticated',
      });
      const columns = await wrong.app.inject({
        method: 'GET',
        url: '/api/board/columns',
        headers: { cookie: signedIn.cookie },
      });
      expect(columns.statusCode).toBe(502);
      expect(columns.json()).toEqual({
        success: false,
        error: 'monday.com refused the API token: Not Authenticated',
      });
    } finally {
      await wrong.close();
    }
  });
  it('report a board the token cannot reach', async () => {
    const elsewhere = await createTestContext({
      database: ctx.database,
      env: { MONDAY_API_TOKEN: standIn.apiToken, MONDAY_BOARD_ID: '42', MONDAY_API_URL: standIn.apiUrl },
    });
    try {
      const signedIn = await signIn(elsewhere.app, elsewhere.database.db, 'reviewer@label.example');
      const test = await elsewhere.app.inject({
        method: 'GET',
        url: '/api/board/test-connection',
        headers: { cookie: signedIn.cookie },
      });
      expect(test.json()).toEqual({
        success: false,
        configured: true,
        message: 'monday.com has no board 42 for this token',
      });
    } finally {
      await elsewhere.close();
    }
  });
});

describe('without monday.com configured', () => {
  it('queues no sync job, create-item still works, and the routes say so', async () => {
    const plain = await createTestContext();
    try {
      expect(plain.app.providers.externalBoard).toBeUndefined();
      const itemId = await submit(plain.app);
      const staffUser = await (async () => {
        await addStaff(plain.database.db, 'boss@label.example');
        return signIn(plain.app, plain.database.db, 'boss@label.example');
      })();
      const moved = await plain.app.inject({
        method: 'POST',
        url: `/api/board/items/${itemId}/status`,
        headers: staffUser.headers,
        payload: { status: 'approved' },
      });
      expect(moved.statusCode).toBe(200);
      const syncJobs = await plain.database.db.select().from(jobs).where(like(jobs.type, 'board.sync-%'));
      expect(syncJobs).toEqual([]);
      for (const url of ['/api/board/test-connection', '/api/board/columns']) {
        const response = await plain.app.inject({
          method: 'GET',
          url,
          headers: { cookie: staffUser.cookie },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          success: true,
          configured: false,
          message: EXTERNAL_BOARD_NOT_CONFIGURED,
        });
      }
      expect(standIn.requests).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
