import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addDays,
  authMessages,
  formatPlannerSettingRange,
  getIsoDateOfInstant,
  INVALID_DEADLINE_IDS,
  keyDatesResponseSchema,
  NO_KEY_DATES,
  nextDeadlinesResponseSchema,
  SUBMISSION_NOT_FOUND,
} from '../../../domain';
import { artists, deadlineReminders } from '../../db/schema';
import { setSetting } from '../../services/settings/app-settings';
import { insertPlannedSubmission } from '../../test/planned-submissions';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-context';
import { TEST_NOW_HEADER } from '../../test-clock';

/**
 * The deadline planner's routes: the settings (release-planning.ts), an artist's key
 * dates and calendar file (profile.ts), and staff's (board/key-dates.ts), with who may read what.
 */

let ctx: TestContext;
let staff: SignedIn;
let owner: SignedIn;
let other: SignedIn;
let ownerArtistId: string;

const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, db(), 'rita@label.example', 'Rita Reviewer');
  owner = await signIn(ctx.app, db(), 'maya@example.com');
  other = await signIn(ctx.app, db(), 'someone.else@example.com');
  const [artist] = await db()
    .select({ id: artists.id })
    .from(artists)
    .where(eq(artists.email, 'maya@example.com'));
  ownerArtistId = artist?.id ?? '';
});
afterAll(async () => ctx.close());

beforeEach(async () => {
  await setSetting(db(), 'deliveryLeadDays', 28);
  await setSetting(db(), 'pitchLeadDays', 7);
  await setSetting(db(), 'reminderDaysBefore', 3);
});

function call(as: SignedIn | null, method: 'GET' | 'PUT', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { origin: ctx.config.publicUrl, ...(as ? { cookie: as.cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

describe('planner settings', () => {
  it('staff read the defaults and save new values; the key dates follow them', async () => {
    const read = await call(staff, 'GET', '/api/release-planning/settings');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      success: true,
      settings: { deliveryLeadDays: 28, pitchLeadDays: 7, reminderDaysBefore: 3 },
    });

    const saved = await call(staff, 'PUT', '/api/release-planning/settings', {
      deliveryLeadDays: 42,
      pitchLeadDays: 14,
      reminderDaysBefore: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toEqual({ deliveryLeadDays: 42, pitchLeadDays: 14, reminderDaysBefore: 0 });
    expect((await call(staff, 'GET', '/api/release-planning/settings')).json().settings).toEqual({
      deliveryLeadDays: 42,
      pitchLeadDays: 14,
      reminderDaysBefore: 0,
    });

    const itemId = await insertPlannedSubmission(db(), {
      artistId: ownerArtistId,
      email: 'maya@example.com',
      releaseDate: '2031-05-01',
    });
    const dates = keyDatesResponseSchema.parse(
      (await call(owner, 'GET', `/api/profile/submissions/${itemId}/key-dates`)).json(),
    );
    expect(dates.keyDates?.moments[0]).toMatchObject({
      deliveryDeadline: '2031-03-20',
      pitchDeadline: '2031-04-17',
    });
    expect(dates.keyDates?.settings.reminderDaysBefore).toBe(0);
  });

  it.each([
    [{ deliveryLeadDays: 0, pitchLeadDays: 7, reminderDaysBefore: 3 }, 'deliveryLeadDays'],
    [{ deliveryLeadDays: 121, pitchLeadDays: 7, reminderDaysBefore: 3 }, 'deliveryLeadDays'],
    [{ deliveryLeadDays: 28.5, pitchLeadDays: 7, reminderDaysBefore: 3 }, 'deliveryLeadDays'],
    [{ deliveryLeadDays: '28', pitchLeadDays: 7, reminderDaysBefore: 3 }, 'deliveryLeadDays'],
    [{ deliveryLeadDays: 28, pitchLeadDays: 61, reminderDaysBefore: 3 }, 'pitchLeadDays'],
    [{ deliveryLeadDays: 28, pitchLeadDays: 7 }, 'reminderDaysBefore'],
    [{ deliveryLeadDays: 28, pitchLeadDays: 7, reminderDaysBefore: -1 }, 'reminderDaysBefore'],
    [{ deliveryLeadDays: 28, pitchLeadDays: 7, reminderDaysBefore: 31 }, 'reminderDaysBefore'],
  ] as const)(
    'refuses %o with a 400 naming %s and its range, and keeps the old values',
    async (body, key) => {
      const response = await call(staff, 'PUT', '/api/release-planning/settings', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: formatPlannerSettingRange(key) });
      expect((await call(staff, 'GET', '/api/release-planning/settings')).json().settings).toEqual({
        deliveryLeadDays: 28,
        pitchLeadDays: 7,
        reminderDaysBefore: 3,
      });
    },
  );

  it('are for staff only: 401 for a visitor, 403 for an artist', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const body =
        method === 'PUT' ? { deliveryLeadDays: 1, pitchLeadDays: 1, reminderDaysBefore: 1 } : undefined;
      const visitor = await call(null, method, '/api/release-planning/settings', body);
      expect(visitor.statusCode).toBe(401);
      const artist = await call(owner, method, '/api/release-planning/settings', body);
      expect(artist.statusCode).toBe(403);
      expect(artist.json().error).toBe(authMessages.staffOnly);
    }
  });
});

describe('key dates and the calendar file', () => {
  let itemId: string;
  beforeAll(async () => {
    itemId = await insertPlannedSubmission(db(), {
      artistId: ownerArtistId,
      email: 'maya@example.com',
      releaseTitle: 'Tidewater, Vol. 1',
      releaseDate: '2031-09-05',
      strategy: 'singles_first',
      tracks: [
        { title: 'Low Tide', single: '2031-05-09' },
        { title: 'High Water', single: '2031-07-11' },
        { title: 'Undertow' },
      ],
    });
  });

  it("the artist reads their submission's plan: moments, dates in order, settings", async () => {
    const response = await call(owner, 'GET', `/api/profile/submissions/${itemId}/key-dates`);
    expect(response.statusCode).toBe(200);
    const { keyDates } = keyDatesResponseSchema.parse(response.json());
    expect(keyDates?.moments.map((m) => [m.kind, m.singleNumber, m.date, m.trackTitles])).toEqual([
      ['single', 1, '2031-05-09', ['Low Tide']],
      ['single', 2, '2031-07-11', ['High Water', 'Undertow']],
      ['release', null, '2031-09-05', ['Low Tide', 'High Water', 'Undertow']],
    ]);
    expect(keyDates?.keyDates).toHaveLength(9);
    expect(keyDates?.keyDates[0]).toMatchObject({ kind: 'delivery', date: '2031-04-11' });
    expect(keyDates?.problems).toEqual([]);
  });

  it('downloads as an iCalendar file named after the release', async () => {
    const response = await call(owner, 'GET', `/api/profile/submissions/${itemId}/dates.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tidewater-vol-1-key-dates.ics"; filename*=UTF-8''tidewater-vol-1-key-dates.ics`,
    );
    const text = response.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(9);
    const host = new URL(ctx.config.publicUrl).hostname;
    expect(lines).toContain(`UID:${itemId}-release:release@${host}`);
    expect(lines).toContain('DTSTART;VALUE=DATE:20310905');
    expect(lines).toContain('SUMMARY:Single out: Single 2: "High Water"');
    expect(lines).toContain(`URL:${ctx.config.publicUrl}/submission/${itemId}`);
    expect(lines.some((line) => line.startsWith('DTSTAMP:'))).toBe(true);
  });

  it("another artist's submission is a 404 like an unknown one, and a visitor gets 401", async () => {
    for (const path of ['key-dates', 'dates.ics']) {
      const foreign = await call(other, 'GET', `/api/profile/submissions/${itemId}/${path}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error).toBe(SUBMISSION_NOT_FOUND);
      const unknown = await call(
        owner,
        'GET',
        `/api/profile/submissions/00000000-0000-4000-8000-000000000000/${path}`,
      );
      expect(unknown.statusCode).toBe(404);
      const visitor = await call(null, 'GET', `/api/profile/submissions/${itemId}/${path}`);
      expect(visitor.statusCode).toBe(401);
    }
  });

  it('staff read the same dates and file on the board, linking to the details page; artists cannot', async () => {
    const dates = await call(staff, 'GET', `/api/board/items/${itemId}/key-dates`);
    expect(dates.statusCode).toBe(200);
    expect(keyDatesResponseSchema.parse(dates.json()).keyDates?.keyDates).toHaveLength(9);
    const file = await call(staff, 'GET', `/api/board/items/${itemId}/dates.ics`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(file.body).toContain(`URL:${ctx.config.publicUrl}/details/${itemId}`);
    expect((await call(owner, 'GET', `/api/board/items/${itemId}/dates.ics`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/board/items/${itemId}/key-dates`)).statusCode).toBe(401);
  });

  it('a catalogue transfer has no key dates and no calendar file', async () => {
    const transfer = await insertPlannedSubmission(db(), {
      artistId: ownerArtistId,
      email: 'maya@example.com',
      releaseDate: null,
      uploadType: 'transfer',
      tracks: [],
    });
    const dates = await call(owner, 'GET', `/api/profile/submissions/${transfer}/key-dates`);
    expect(dates.json()).toEqual({ success: true, keyDates: null });
    const file = await call(owner, 'GET', `/api/profile/submissions/${transfer}/dates.ics`);
    expect(file.statusCode).toBe(404);
    expect(file.json().error).toBe(NO_KEY_DATES);
  });
});

describe("the board rows' next deadline", () => {
  it('gives each row asked for its next deadline from today, leaving out declined and passed ones', async () => {
    const today = getIsoDateOfInstant(new Date());
    const ahead = await insertPlannedSubmission(db(), {
      artistId: ownerArtistId,
      email: 'maya@example.com',
      releaseDate: addDays(today, 30),
    });
    const declined = await insertPlannedSubmission(db(), {
      artistId: ownerArtistId,
      email: 'maya@example.com',
      releaseDate: addDays(today, 30),
      status: 'rejected',
    });
    const passed = await insertPlannedSubmission(db(), {
      artistId: ownerArtistId,
      email: 'maya@example.com',
      releaseDate: addDays(today, -1),
    });
    const response = await call(
      staff,
      'GET',
      `/api/board/next-deadlines?ids=${[ahead, declined, passed, 'nonsense'].join(',')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { deadlines } = nextDeadlinesResponseSchema.parse(response.json());
    expect(Object.keys(deadlines)).toEqual([ahead]);
    expect(deadlines[ahead]).toMatchObject({ key: 'release:delivery', date: addDays(today, 2) });
  });

  it('refuses no ids or too many, and anyone but staff', async () => {
    for (const ids of ['', ',,', Array.from({ length: 101 }, (_, i) => `id${i}`).join(',')]) {
      const response = await call(staff, 'GET', `/api/board/next-deadlines?ids=${ids}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(INVALID_DEADLINE_IDS);
    }
    expect((await call(staff, 'GET', '/api/board/next-deadlines')).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/api/board/next-deadlines?ids=a')).statusCode).toBe(403);
  });
});

describe("the board rows' next deadline on the test clock (IMPRINT_TEST_HOOKS)", () => {
  it("is counted from the day of the request's clock, as the server-rendered board counts it", async () => {
    const hooked = await createTestContext({ env: { IMPRINT_TEST_HOOKS: '1' } });
    try {
      const hookDb = hooked.database.db;
      const member = await signInStaff(hooked.app, hookDb, 'rita@label.example', 'Rita Reviewer');
      await signIn(hooked.app, hookDb, 'maya@example.com');
      const [row] = await hookDb
        .select({ id: artists.id })
        .from(artists)
        .where(eq(artists.email, 'maya@example.com'));
      // Released 2027-06-30: delivery by 2027-06-02, pitch by 2027-06-23.
      const item = await insertPlannedSubmission(hookDb, {
        artistId: row?.id ?? '',
        email: 'maya@example.com',
        releaseDate: '2027-06-30',
      });
      const response = await hooked.app.inject({
        method: 'GET',
        url: `/api/board/next-deadlines?ids=${item}`,
        headers: {
          origin: hooked.config.publicUrl,
          cookie: member.cookie,
          [TEST_NOW_HEADER]: '2027-06-10T08:00:00Z',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { deadlines } = nextDeadlinesResponseSchema.parse(response.json());
      expect(deadlines[item]).toMatchObject({ date: '2027-06-23' });
    } finally {
      await hooked.close();
    }
  });
});

describe('the e2e hook of the reminder job (IMPRINT_TEST_HOOKS)', () => {
  it('sends the reminders due on the clock set, for the submissions named only, and none twice', async () => {
    const hooked = await createTestContext({ env: { IMPRINT_TEST_HOOKS: '1' } });
    try {
      const hookDb = hooked.database.db;
      const member = await signInStaff(hooked.app, hookDb, 'rita@label.example', 'Rita Reviewer');
      const artist = await signIn(hooked.app, hookDb, 'maya@example.com');
      const [row] = await hookDb
        .select({ id: artists.id })
        .from(artists)
        .where(eq(artists.email, 'maya@example.com'));
      const artistId = row?.id ?? '';
      // Released 2027-06-30: the delivery deadline (28 days before) is 2027-06-02.
      const mine = await insertPlannedSubmission(hookDb, {
        artistId,
        email: 'maya@example.com',
        releaseDate: '2027-06-30',
      });
      const other = await insertPlannedSubmission(hookDb, {
        artistId,
        email: 'maya@example.com',
        releaseDate: '2027-06-30',
      });
      const run = (as: SignedIn, itemIds: string[]) =>
        hooked.app.inject({
          method: 'POST',
          url: '/api/test-hooks/deadline-reminders/run',
          headers: { origin: hooked.config.publicUrl, cookie: as.cookie },
          payload: { now: '2027-06-01T08:00:00Z', itemIds },
        });
      expect((await run(artist, [mine])).statusCode).toBe(403);
      const first = await run(member, [mine]);
      expect(first.statusCode, first.body).toBe(200);
      // The delivery deadline is due (tomorrow); the pitch deadline (June 23) is not yet.
      expect(first.json()).toEqual({ success: true, queued: 1 });
      expect((await run(member, [mine])).json()).toEqual({ success: true, queued: 0 });
      const sent = await hookDb.select().from(deadlineReminders);
      expect(sent.map((reminder) => reminder.submissionId)).toEqual([mine]);
      expect(sent.map((reminder) => reminder.submissionId)).not.toContain(other);
    } finally {
      await hooked.close();
    }
  });
});
