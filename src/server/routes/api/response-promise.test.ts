import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTO_DECLINE_NEEDS_TEMPLATE,
  AUTO_DECLINE_NO_TEMPLATE_REASON,
  AUTO_DECLINE_TEMPLATE_GONE_REASON,
  AUTO_DECLINE_TEMPLATE_NOT_DECLINE,
  AUTO_DECLINE_TEMPLATE_NOT_FOUND,
  authMessages,
  boardListResponseSchema,
  OVERDUE_FILTER_INVALID,
  RESPONSE_PROMISE_DAYS_INVALID,
  responsePromiseResponseSchema,
  responsePromiseRunsResponseSchema,
  timelineResponseSchema,
} from '../../../domain';
import {
  jobs,
  outboxMessages,
  responsePromiseRunItems,
  responsePromiseRuns,
  submissionEvents,
  submissions,
} from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { declineOverdueSubmissions } from '../../services/response-promise/decline-overdue';
import { setSetting } from '../../services/settings/app-settings';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { postSubmission, prepareTestSubmission } from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';
import { TEST_NOW_HEADER } from '../../test-clock';

/**
 * The response promise: its settings (response-promise.ts), the board's marks and
 * overdue filter (board/items.ts), the daily job that declines submissions past the promise
 * (jobs/decline-overdue-submissions.ts over services/response-promise/), its runs, and the e2e
 * suite's hook (test-hooks.ts). The job's clock is the worker's, set here.
 */

const DAY = 86_400_000;
/**
 * The job's clock: noon UTC tomorrow, so the days below never straddle a midnight, and what the
 * app queues at the real time (the mails) is due on it. (Noon today failed every afternoon: the
 * mails queued at the real time were not due yet on a clock behind it.)
 */
const T = new Date(`${new Date(Date.now() + DAY).toISOString().slice(0, 10)}T12:00:00.000Z`);
/** Unset: the worker's clock is the real one (sign-in links expire on it). */
let clock: Date | undefined;

let ctx: TestContext;
let staff: SignedIn;
let artist: SignedIn;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { IMPRINT_TEST_HOOKS: '1', LABEL_TIME_ZONE: 'UTC' },
    jobWorker: { now: () => clock ?? new Date() },
  });
  staff = await signInStaff(ctx.app, db(), 'curator@label.example', 'Cleo Curator');
  artist = await signIn(ctx.app, db(), 'someone@example.com');
});
afterAll(async () => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, payload?: unknown, as: SignedIn | null = staff, now?: Date) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      origin: ctx.config.publicUrl,
      ...(as ? { cookie: as.cookie } : {}),
      ...(now ? { [TEST_NOW_HEADER]: now.toISOString() } : {}),
    },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function settings(now?: Date) {
  const response = await call('GET', '/api/response-promise', undefined, staff, now);
  expect(response.statusCode, response.body).toBe(200);
  return responsePromiseResponseSchema.parse(response.json());
}

async function put(body: Record<string, unknown>) {
  return call('PUT', '/api/response-promise', body);
}

async function createTemplate(kind: string, name: string, body: string): Promise<string> {
  const response = await call('POST', '/api/decision-templates', { kind, name, body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().template.templateId;
}

let artistNumber = 0;

/** A submission sent `daysAgo` days before T by an artist of its own, in `status`. */
async function submitted(
  daysAgo: number,
  options: { status?: 'pending' | 'in_progress' | 'changes_requested'; backToPendingDaysAgo?: number } = {},
) {
  artistNumber += 1;
  const prepared = await prepareTestSubmission(ctx.app);
  const formData = prepared.payload.formData as Record<string, unknown>;
  const name = `Artist ${artistNumber}`;
  const email = `artist${artistNumber}@example.com`;
  formData.artistName = name;
  formData.email = email;
  formData.releaseTitle = `Release ${artistNumber}`;
  const response = await postSubmission(ctx.app, prepared.payload);
  expect(response.statusCode, response.body).toBe(200);
  const itemId: string = response.json().data.itemId;
  await db()
    .update(submissions)
    .set({
      createdAt: new Date(T.getTime() - daysAgo * DAY),
      status: options.status ?? 'pending',
      returnedToPendingAt:
        options.backToPendingDaysAgo === undefined
          ? null
          : new Date(T.getTime() - options.backToPendingDaysAgo * DAY),
    })
    .where(eq(submissions.id, itemId));
  return { itemId, name, email, releaseTitle: `Release ${artistNumber}` };
}

async function statusOf(itemId: string) {
  const [row] = await db()
    .select({ status: submissions.status })
    .from(submissions)
    .where(eq(submissions.id, itemId));
  return row?.status;
}

/** Runs the daily job on the worker with the clock at `at`, then every job it queued (mail). */
async function runDailyJob(at: Date) {
  clock = at;
  await db().delete(jobs).where(eq(jobs.type, 'review.decline-overdue'));
  // Due on the job's clock.
  await enqueueJob(db(), 'review.decline-overdue', {}, { uniqueKey: 'review.decline-overdue', runAt: at });
  const ran: string[] = [];
  for (let outcome = await ctx.app.jobs.runOnce(); outcome; outcome = await ctx.app.jobs.runOnce()) {
    ran.push(`${outcome.job.type}:${outcome.result}`);
  }
  clock = undefined;
  expect(ran).toContain('review.decline-overdue:rescheduled');
}

async function statusMails(email: string) {
  return db()
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, email), sql`${outboxMessages.subject} like '%: Rejected'`));
}

async function declineEvents(itemId: string) {
  return db()
    .select()
    .from(submissionEvents)
    .where(
      and(
        eq(submissionEvents.submissionId, itemId),
        eq(submissionEvents.type, 'status_changed'),
        eq(submissionEvents.toStatus, 'rejected'),
      ),
    );
}

let declineTemplateId: string;

describe('the promise setting', () => {
  it('starts at 10 days with automatic declines off and no template', async () => {
    const answer = await settings();
    expect(answer).toMatchObject({
      settings: { promiseDays: 10, autoDecline: false, declineTemplate: null, declineTemplateDeleted: false },
      timeZone: 'UTC',
      nearDays: 2,
    });
  });

  it('is staff only: 401 for a visitor, 403 for an artist', async () => {
    for (const [method, url] of [
      ['GET', '/api/response-promise'],
      ['PUT', '/api/response-promise'],
      ['GET', '/api/response-promise/runs'],
      ['POST', '/api/test-hooks/response-promise/run'],
    ] as const) {
      const visitor = await call(method, url, method === 'GET' ? undefined : {}, null);
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      const asArtist = await call(method, url, method === 'GET' ? undefined : { promiseDays: 5 }, artist);
      expect(asArtist.statusCode, `${method} ${url}`).toBe(403);
      expect(asArtist.json().error).toBe(authMessages.staffOnly);
    }
    expect((await settings()).settings.promiseDays).toBe(10);
  });

  it.each([[0], [91], [2.5], ['10'], [null], [-1]])(
    'refuses %j days with a 400 in the domain’s words',
    async (promiseDays) => {
      const response = await put({ promiseDays });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(RESPONSE_PROMISE_DAYS_INVALID);
    },
  );

  it('refuses a template that is unknown or not for declining, and switching on without one', async () => {
    const approve = await createTemplate('approve', 'Welcome', 'Hi {{artistName}}, welcome!');
    declineTemplateId = await createTemplate(
      'decline',
      'Past our promise',
      'Dear {{artistName}}, thank you for sending "{{releaseTitle}}". We could not give it the time it deserves, so we are passing on it.',
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ declineTemplateId: '00000000-0000-4000-8000-000000000000' }, AUTO_DECLINE_TEMPLATE_NOT_FOUND],
      [{ declineTemplateId: 'not-an-id' }, AUTO_DECLINE_TEMPLATE_NOT_FOUND],
      [{ declineTemplateId: approve }, AUTO_DECLINE_TEMPLATE_NOT_DECLINE],
      [{ autoDecline: true }, AUTO_DECLINE_NEEDS_TEMPLATE],
    ];
    for (const [body, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const malformed = await put({ autoDecline: 'yes' });
    expect(malformed.statusCode).toBe(400);
    expect((await settings()).settings).toMatchObject({ autoDecline: false, declineTemplate: null });
  });

  it('saves the promise, the template and the switch', async () => {
    const response = await put({ promiseDays: 3, declineTemplateId, autoDecline: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(responsePromiseResponseSchema.parse(response.json()).settings).toEqual({
      promiseDays: 3,
      autoDecline: true,
      declineTemplate: { templateId: declineTemplateId, name: 'Past our promise' },
      declineTemplateDeleted: false,
    });
    // What is left out stays.
    expect((await put({ promiseDays: 4 })).json().settings).toMatchObject({
      promiseDays: 4,
      autoDecline: true,
    });
    expect((await put({ promiseDays: 3 })).statusCode).toBe(200);
  });
});

describe('the board and the daily job', () => {
  let overdue5: Awaited<ReturnType<typeof submitted>>;
  let overdue4: Awaited<ReturnType<typeof submitted>>;
  let dueToday: Awaited<ReturnType<typeof submitted>>;
  let near: Awaited<ReturnType<typeof submitted>>;
  let resubmitted: Awaited<ReturnType<typeof submitted>>;
  let inProgress: Awaited<ReturnType<typeof submitted>>;
  let changesRequested: Awaited<ReturnType<typeof submitted>>;

  beforeAll(async () => {
    overdue5 = await submitted(5);
    overdue4 = await submitted(4);
    dueToday = await submitted(3);
    near = await submitted(1);
    resubmitted = await submitted(10, { backToPendingDaysAgo: 1 });
    inProgress = await submitted(10, { status: 'in_progress' });
    changesRequested = await submitted(10, { status: 'changes_requested' });
  });

  it('marks each row awaiting an answer, and filters those past the promise (3 days)', async () => {
    const response = await call('GET', '/api/board/items?limit=50', undefined, staff, T);
    expect(response.statusCode, response.body).toBe(200);
    const board = boardListResponseSchema.parse(response.json());
    const due = (itemId: string) => board.items.find((item) => item.itemId === itemId)?.responseDue;
    const day = (daysFromT: number) => new Date(T.getTime() + daysFromT * DAY).toISOString().slice(0, 10);
    expect(due(overdue5.itemId)).toEqual({ answerBy: day(-2), daysLeft: -2, state: 'overdue' });
    expect(due(overdue4.itemId)).toEqual({ answerBy: day(-1), daysLeft: -1, state: 'overdue' });
    expect(due(dueToday.itemId)).toEqual({ answerBy: day(0), daysLeft: 0, state: 'due_today' });
    expect(due(near.itemId)).toEqual({ answerBy: day(2), daysLeft: 2, state: 'near' });
    // The clock started again when it came back to Pending.
    expect(due(resubmitted.itemId)).toEqual({ answerBy: day(2), daysLeft: 2, state: 'near' });
    expect(due(inProgress.itemId)).toBeNull();
    expect(due(changesRequested.itemId)).toBeNull();
    expect(board.overdue).toBe(2);

    const filtered = boardListResponseSchema.parse(
      (await call('GET', '/api/board/items?overdue=true&limit=1', undefined, staff, T)).json(),
    );
    expect(filtered.total).toBe(2);
    expect(filtered.items.map((item) => item.itemId)).toEqual([overdue4.itemId]);
    const next = await call(
      'GET',
      `/api/board/items?overdue=true&limit=1&cursor=${filtered.nextCursor}`,
      undefined,
      staff,
      T,
    );
    expect(next.json().items.map((item: { itemId: string }) => item.itemId)).toEqual([overdue5.itemId]);
    // Overdue is Pending only.
    const otherStatus = await call(
      'GET',
      '/api/board/items?overdue=true&status=in_progress',
      undefined,
      staff,
      T,
    );
    expect(otherStatus.json()).toMatchObject({ items: [], total: 0 });
    const bad = await call('GET', '/api/board/items?overdue=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(OVERDUE_FILTER_INVALID);

    const detail = await call('GET', `/api/board/items/${overdue5.itemId}`, undefined, staff, T);
    expect(detail.json().item.responseDue).toMatchObject({ state: 'overdue', daysLeft: -2 });
    expect((await settings(T)).overdueCount).toBe(2);
  });

  it('declines exactly the submissions past the promise, on the job’s clock, mailing each artist the filled template', async () => {
    await runDailyJob(T);
    expect(await statusOf(overdue5.itemId)).toBe('rejected');
    expect(await statusOf(overdue4.itemId)).toBe('rejected');
    for (const other of [dueToday, near, resubmitted]) expect(await statusOf(other.itemId)).toBe('pending');
    expect(await statusOf(inProgress.itemId)).toBe('in_progress');
    expect(await statusOf(changesRequested.itemId)).toBe('changes_requested');

    for (const declined of [overdue5, overdue4]) {
      const mails = await statusMails(declined.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(
        `Dear ${declined.name}, thank you for sending "${declined.releaseTitle}". We could not give it the time it deserves`,
      );
      const events = await declineEvents(declined.itemId);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        actorUserId: null,
        fromStatus: 'pending',
        templateId: declineTemplateId,
        data: {
          decision: 'decline',
          templateName: 'Past our promise',
          automatic: 'response_promise',
          promiseDays: 3,
        },
      });
    }

    // On the timeline, by no user: the job.
    const timeline = timelineResponseSchema.parse(
      (await call('GET', `/api/board/items/${overdue5.itemId}/timeline`)).json(),
    );
    const decline = timeline.events.find((event) => event.type === 'status_changed');
    expect(decline).toMatchObject({
      actor: null,
      toStatus: 'rejected',
      data: { automatic: 'response_promise' },
    });
    expect(timeline.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['mail_queued', 'mail_sent', 'status_changed']),
    );

    const runs = responsePromiseRunsResponseSchema.parse(
      (await call('GET', '/api/response-promise/runs')).json(),
    );
    expect(runs.runs[0]).toMatchObject({
      trigger: 'schedule',
      outcome: 'completed',
      startedAt: T.toISOString(),
      today: T.toISOString().slice(0, 10),
      promiseDays: 3,
      templateName: 'Past our promise',
      declined: 2,
      failed: 0,
      itemCount: 2,
    });
    expect(runs.runs[0]?.items.map((item) => [item.itemId, item.result])).toEqual([
      [overdue5.itemId, 'declined'],
      [overdue4.itemId, 'declined'],
    ]);
  });

  it('the next day declines the one that was due, and never declines one twice', async () => {
    // Staff reopen one the job declined, with its clock as it was: it is past the promise again.
    await db()
      .update(submissions)
      .set({ status: 'pending', returnedToPendingAt: null })
      .where(eq(submissions.id, overdue5.itemId));
    await runDailyJob(new Date(T.getTime() + DAY));
    expect(await statusOf(dueToday.itemId)).toBe('rejected');
    expect(await statusOf(overdue5.itemId)).toBe('pending');
    expect(await statusOf(near.itemId)).toBe('pending');
    expect(await statusMails(overdue5.email)).toHaveLength(1);
    expect(await statusMails(dueToday.email)).toHaveLength(1);
    const runs = responsePromiseRunsResponseSchema.parse(
      (await call('GET', '/api/response-promise/runs')).json(),
    );
    expect(runs.runs[0]).toMatchObject({
      declined: 1,
      items: [{ itemId: dueToday.itemId, result: 'declined' }],
    });
  });

  it('does nothing, and records nothing, when switched off', async () => {
    const late = await submitted(20);
    expect((await put({ autoDecline: false })).statusCode).toBe(200);
    const before = await db().select({ id: responsePromiseRuns.id }).from(responsePromiseRuns);
    const result = await declineOverdueSubmissions(
      { db: db(), config: ctx.config },
      { now: T, trigger: 'schedule', onlyItemIds: [late.itemId] },
    );
    expect(result).toEqual({ outcome: 'off' });
    expect(await statusOf(late.itemId)).toBe('pending');
    expect(await db().select({ id: responsePromiseRuns.id }).from(responsePromiseRuns)).toHaveLength(
      before.length,
    );
  });

  it('does nothing and says why when the template was deleted, or none is chosen', async () => {
    const late = await submitted(20);
    const template = await createTemplate('decline', 'Soon deleted', 'Sorry {{artistName}}.');
    expect((await put({ declineTemplateId: template, autoDecline: true })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/decision-templates/${template}`)).statusCode).toBe(200);
    expect((await settings()).settings).toMatchObject({
      autoDecline: true,
      declineTemplate: null,
      declineTemplateDeleted: true,
    });
    const gone = await declineOverdueSubmissions(
      { db: db(), config: ctx.config },
      { now: T, trigger: 'schedule', onlyItemIds: [late.itemId] },
    );
    expect(gone).toMatchObject({ outcome: 'skipped', reason: AUTO_DECLINE_TEMPLATE_GONE_REASON });

    await setSetting(db(), 'autoDeclineTemplateId', null);
    const none = await declineOverdueSubmissions(
      { db: db(), config: ctx.config },
      { now: T, trigger: 'schedule', onlyItemIds: [late.itemId] },
    );
    expect(none).toMatchObject({ outcome: 'skipped', reason: AUTO_DECLINE_NO_TEMPLATE_REASON });
    expect(await statusOf(late.itemId)).toBe('pending');

    const runs = responsePromiseRunsResponseSchema.parse(
      (await call('GET', '/api/response-promise/runs?limit=2')).json(),
    );
    expect(runs.runs.map((run) => [run.outcome, run.reason, run.declined])).toEqual([
      ['skipped', AUTO_DECLINE_NO_TEMPLATE_REASON, 0],
      ['skipped', AUTO_DECLINE_TEMPLATE_GONE_REASON, 0],
    ]);
    expect(runs.total).toBe(4);
    const older = responsePromiseRunsResponseSchema.parse(
      (await call('GET', `/api/response-promise/runs?limit=2&cursor=${runs.nextCursor}`)).json(),
    );
    expect(older.runs.map((run) => run.declined)).toEqual([1, 2]);
    expect(older.nextCursor).toBeNull();
  });

  it('declines each submission once when two runs go at the same time', async () => {
    expect((await put({ declineTemplateId, autoDecline: true })).statusCode).toBe(200);
    const late = [];
    for (let i = 0; i < 4; i++) late.push(await submitted(6 + i));
    const ids = late.map((entry) => entry.itemId);
    const results = await Promise.all(
      [0, 1].map(() =>
        declineOverdueSubmissions(
          { db: db(), config: ctx.config },
          { now: T, trigger: 'schedule', onlyItemIds: ids },
        ),
      ),
    );
    const declined = results.map((result) => (result.outcome === 'completed' ? result.declined : -1));
    expect(declined.reduce((sum, n) => sum + n, 0)).toBe(4);
    expect(results.every((result) => result.outcome === 'completed' && result.failed === 0)).toBe(true);
    const items = await db()
      .select({ submissionId: responsePromiseRunItems.submissionId })
      .from(responsePromiseRunItems)
      .where(inArray(responsePromiseRunItems.submissionId, ids));
    expect(items.map((item) => item.submissionId).sort()).toEqual([...ids].sort());
    while (await ctx.app.jobs.runOnce()) {}
    for (const entry of late) {
      expect(await statusOf(entry.itemId)).toBe('rejected');
      expect(await declineEvents(entry.itemId)).toHaveLength(1);
      expect(await statusMails(entry.email)).toHaveLength(1);
    }
  });

  it('reports a decline that failed with its reason, declines the others, and tries it again next time', async () => {
    const broken = await submitted(8);
    const fine = await submitted(8);
    // The database refuses to change this one submission (as a full disk or a lost connection would).
    await db().execute(
      sql.raw(`create function refuse_decline() returns trigger language plpgsql as $$
        begin raise exception 'the database refused the change'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger refuse_decline before update on submissions for each row
        when (new.id = '${broken.itemId}') execute function refuse_decline()`),
    );
    const ids = [broken.itemId, fine.itemId];
    try {
      const result = await declineOverdueSubmissions(
        { db: db(), config: ctx.config },
        { now: T, trigger: 'schedule', onlyItemIds: ids },
      );
      expect(result).toMatchObject({ outcome: 'completed', declined: 1, failed: 1 });
    } finally {
      await db().execute(sql.raw('drop trigger refuse_decline on submissions'));
      await db().execute(sql.raw('drop function refuse_decline()'));
    }
    expect(await statusOf(broken.itemId)).toBe('pending');
    expect(await statusOf(fine.itemId)).toBe('rejected');
    expect(await declineEvents(broken.itemId)).toHaveLength(0);
    const runs = responsePromiseRunsResponseSchema.parse(
      (await call('GET', '/api/response-promise/runs?limit=1')).json(),
    );
    expect(runs.runs[0]).toMatchObject({ declined: 1, failed: 1, itemCount: 2 });
    const failed = runs.runs[0]?.items.find((item) => item.result === 'failed');
    expect(failed).toMatchObject({ itemId: broken.itemId });
    expect(failed?.reason).toContain('Unexpected error');

    // A failure is not a decline: the next run tries again.
    const again = await declineOverdueSubmissions(
      { db: db(), config: ctx.config },
      { now: T, trigger: 'schedule', onlyItemIds: ids },
    );
    expect(again).toMatchObject({ outcome: 'completed', declined: 1, failed: 0 });
    expect(await statusOf(broken.itemId)).toBe('rejected');
  });

  it('runs through the e2e hook with the clock and the submissions the spec names', async () => {
    const mine = await submitted(0);
    const other = await submitted(0);
    const asArtist = await call(
      'POST',
      '/api/test-hooks/response-promise/run',
      { now: new Date(T.getTime() + 5 * DAY).toISOString(), itemIds: [mine.itemId] },
      artist,
    );
    expect(asArtist.statusCode).toBe(403);
    const response = await call('POST', '/api/test-hooks/response-promise/run', {
      now: new Date(T.getTime() + 5 * DAY).toISOString(),
      itemIds: [mine.itemId],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'completed', declined: 1, failed: 0, reason: null });
    expect(await statusOf(mine.itemId)).toBe('rejected');
    expect(await statusOf(other.itemId)).toBe('pending');
    const runs = responsePromiseRunsResponseSchema.parse(
      (await call('GET', '/api/response-promise/runs?limit=1')).json(),
    );
    expect(runs.runs[0]).toMatchObject({ trigger: 'test', declined: 1 });
  });
});

describe('without IMPRINT_TEST_HOOKS', () => {
  it('has no test hook, and X-Test-Now changes nothing', async () => {
    const plain = await createTestContext();
    try {
      const member = await signInStaff(plain.app, plain.database.db, 'curator@label.example', 'Cleo Curator');
      const hook = await plain.app.inject({
        method: 'POST',
        url: '/api/test-hooks/response-promise/run',
        headers: { origin: plain.config.publicUrl, cookie: member.cookie },
        payload: { now: new Date().toISOString(), itemIds: ['00000000-0000-4000-8000-000000000000'] },
      });
      expect(hook.statusCode).toBe(404);
      const answer = await plain.app.inject({
        method: 'GET',
        url: '/api/response-promise',
        headers: { cookie: member.cookie, [TEST_NOW_HEADER]: '2001-01-01T12:00:00Z' },
      });
      expect(answer.json().today).toBe(new Date().toISOString().slice(0, 10));
    } finally {
      await plain.close();
    }
  });
});
