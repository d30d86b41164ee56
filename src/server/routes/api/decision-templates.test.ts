import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DECISION_PLACEHOLDERS,
  DECISION_TEMPLATE_NOT_FOUND,
  DECLINED_WITHOUT_TEMPLATE,
  type DecisionTemplate,
  decisionTemplateListResponseSchema,
  formatTemplateMismatch,
  formatUnknownPlaceholder,
  TEMPLATE_BODY_REQUIRED,
  TEMPLATE_NAME_TAKEN,
  TEMPLATE_ONLY_FOR_DECISIONS,
  UNKNOWN_DECISION_KIND,
} from '../../../domain';
import { outboxMessages, submissionEvents } from '../../db/schema';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in';
import { postSubmission, prepareTestSubmission } from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

/**
 * Decisions with reasons: the templates staff keep per decision (decision-templates.ts),
 * filled for a submission (board/review.ts), used by approving, requesting changes and declining
 * (board/items.ts, board/review.ts), and the decline reasons counted on the analytics dashboard.
 */

let ctx: TestContext;
let staff: SignedIn;
let artist: SignedIn;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, db(), 'curator@label.example', 'Cleo Curator');
  artist = await signIn(ctx.app, db(), 'someone@example.com');
});
afterAll(async () => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, payload?: unknown, as: SignedIn | null = staff) {
  return ctx.app.inject({
    method,
    url,
    headers: { origin: ctx.config.publicUrl, ...(as ? { cookie: as.cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function create(kind: string, name: string, body: string): Promise<DecisionTemplate> {
  const response = await call('POST', '/api/decision-templates', { kind, name, body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().template;
}

async function submit(): Promise<string> {
  const prepared = await prepareTestSubmission(ctx.app);
  const response = await postSubmission(ctx.app, prepared.payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.itemId;
}

async function list(query = '') {
  const response = await call('GET', `/api/decision-templates${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return decisionTemplateListResponseSchema.parse(response.json());
}

describe('decision templates', () => {
  it('are created, listed by kind, edited and deleted by staff, names unique per kind', async () => {
    const approve = await create(
      'approve',
      'Welcome aboard',
      'Hi {{artistName}}, we love "{{releaseTitle}}". Welcome to {{labelName}}!',
    );
    expect(approve).toMatchObject({ kind: 'approve', name: 'Welcome aboard', updatedBy: 'Cleo Curator' });
    const decline = await create('decline', 'Not our genre', 'Hi {{ artistName }}, this is not for us.');
    // The same name is fine for another decision, not twice for one (whatever the case).
    await create('decline', 'Welcome aboard', 'Odd, but allowed.');
    const taken = await call('POST', '/api/decision-templates', {
      kind: 'approve',
      name: 'welcome ABOARD',
      body: 'x',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(TEMPLATE_NAME_TAKEN);

    const all = await list();
    expect(all.placeholders).toEqual([...DECISION_PLACEHOLDERS]);
    expect(all.templates.map((t) => [t.kind, t.name])).toEqual([
      ['approve', 'Welcome aboard'],
      ['decline', 'Not our genre'],
      ['decline', 'Welcome aboard'],
    ]);
    expect((await list('?kind=decline')).templates.map((t) => t.name)).toEqual([
      'Not our genre',
      'Welcome aboard',
    ]);

    const edited = await call('PUT', `/api/decision-templates/${decline.templateId}`, {
      name: 'Not the right fit',
      body: 'Hi {{artistName}}, "{{releaseTitle}}" is not the right fit for us.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().template).toMatchObject({
      templateId: decline.templateId,
      kind: 'decline',
      name: 'Not the right fit',
    });
    const clash = await call('PUT', `/api/decision-templates/${decline.templateId}`, {
      name: 'welcome aboard',
      body: 'x',
    });
    expect(clash.statusCode).toBe(409);

    const removed = await call('DELETE', `/api/decision-templates/${approve.templateId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list('?kind=approve')).templates).toEqual([]);
    for (const [method, body] of [
      ['DELETE', undefined],
      ['PUT', { name: 'Back', body: 'x' }],
    ] as const) {
      const gone = await call(method, `/api/decision-templates/${approve.templateId}`, body);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error).toBe(DECISION_TEMPLATE_NOT_FOUND);
    }
    // Its name is free again.
    await create('approve', 'Welcome aboard', 'Hi {{artistName}}!');
  });

  it('refuses what cannot be a template, in the domain’s words', async () => {
    const cases: [unknown, string][] = [
      [{ kind: 'maybe', name: 'x', body: 'x' }, UNKNOWN_DECISION_KIND],
      [{ kind: 'approve', name: 'x', body: '   ' }, TEMPLATE_BODY_REQUIRED],
      [
        { kind: 'approve', name: 'x', body: 'Hi {{firstName}}' },
        formatUnknownPlaceholder('firstName', DECISION_PLACEHOLDERS),
      ],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', '/api/decision-templates', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toBe(message);
    }
    expect(formatUnknownPlaceholder('firstName', DECISION_PLACEHOLDERS)).toBe(
      '{{firstName}} is not a placeholder: use {{artistName}}, {{releaseTitle}} or {{labelName}}',
    );
  });

  it('are for staff only', async () => {
    for (const [as, status] of [
      [null, 401],
      [artist, 403],
    ] as const) {
      expect((await call('GET', '/api/decision-templates', undefined, as)).statusCode).toBe(status);
      expect(
        (await call('POST', '/api/decision-templates', { kind: 'approve', name: 'n', body: 'b' }, as))
          .statusCode,
      ).toBe(status);
    }
  });
});

describe('deciding with a template', () => {
  it('fills a template for the submission, and the edited message is what the artist receives', async () => {
    const itemId = await submit();
    const template = await create(
      'approve',
      'Signed',
      'Hi {{artistName}}, "{{releaseTitle}}" is in. — {{labelName}}',
    );
    const filled = await call(
      'GET',
      `/api/board/items/${itemId}/decision-message?templateId=${template.templateId}`,
    );
    expect(filled.statusCode, filled.body).toBe(200);
    const label = ctx.config.label.name;
    expect(filled.json()).toEqual({
      success: true,
      templateId: template.templateId,
      kind: 'approve',
      name: 'Signed',
      message: `Hi Maya Rivers, "First Light" is in. — ${label}`,
    });
    const unknown = await call('GET', `/api/board/items/${itemId}/decision-message?templateId=${itemId}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(DECISION_TEMPLATE_NOT_FOUND);

    const edited = `${filled.json().message} We will call you this week.`;
    const approved = await call('POST', `/api/board/items/${itemId}/status`, {
      status: 'approved',
      templateId: template.templateId,
      message: edited,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [event] = await db()
      .select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, itemId), eq(submissionEvents.type, 'status_changed')));
    expect(event).toMatchObject({
      toStatus: 'approved',
      message: edited,
      templateId: template.templateId,
      data: { decision: 'approve', templateName: 'Signed' },
    });
    while (await ctx.app.jobs.runOnce()) {}
    const [mail] = await db()
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.to, 'maya@example.com'),
          eq(outboxMessages.subject, 'Your submission "First Light": Approved'),
        ),
      );
    expect(mail?.text).toContain(edited);
  });

  it('refuses a template of another decision, or for a status change that is no decision', async () => {
    const itemId = await submit();
    const decline = await create('decline', 'Too early', 'Hi {{artistName}}, come back later.');
    const mismatch = await call('POST', `/api/board/items/${itemId}/status`, {
      status: 'approved',
      templateId: decline.templateId,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toBe(formatTemplateMismatch('decline', 'approve'));
    const notADecision = await call('POST', `/api/board/items/${itemId}/status`, {
      status: 'in_progress',
      templateId: decline.templateId,
    });
    expect(notADecision.statusCode).toBe(400);
    expect(notADecision.json().error).toBe(TEMPLATE_ONLY_FOR_DECISIONS);
    const forChanges = await call('POST', `/api/board/items/${itemId}/change-requests`, {
      fields: [{ field: 'artwork', note: 'x' }],
      templateId: decline.templateId,
    });
    expect(forChanges.statusCode).toBe(400);
    expect(forChanges.json().error).toBe(formatTemplateMismatch('decline', 'request_changes'));
  });

  it('counts declines per reason on the analytics dashboard, a deleted template still by its name', async () => {
    const genre = await create('decline', 'Genre', 'Hi {{artistName}}, not our genre.');
    const timing = await create('decline', 'Timing', 'Hi {{artistName}}, not now.');
    const decline = async (templateId?: string) => {
      const itemId = await submit();
      const response = await call('POST', `/api/board/items/${itemId}/status`, {
        status: 'rejected',
        ...(templateId ? { templateId } : { message: 'Sorry.' }),
      });
      expect(response.statusCode, response.body).toBe(200);
      return itemId;
    };
    const filledId = await decline(genre.templateId);
    await decline(genre.templateId);
    await decline(timing.templateId);
    await decline();
    // Without a message, the template filled for the submission is sent.
    const [event] = await db()
      .select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, filledId), eq(submissionEvents.type, 'status_changed')));
    expect(event?.message).toBe('Hi Maya Rivers, not our genre.');

    expect((await call('DELETE', `/api/decision-templates/${timing.templateId}`)).statusCode).toBe(200);
    const dashboard = await call('GET', '/api/analytics/dashboard?hours=24');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().declineReasons).toEqual([
      { templateId: genre.templateId, name: 'Genre', count: 2 },
      { templateId: timing.templateId, name: 'Timing', count: 1 },
      { templateId: null, name: DECLINED_WITHOUT_TEMPLATE, count: 1 },
    ]);
    // The existing figures are all still there.
    expect(Object.keys(dashboard.json())).toEqual(
      expect.arrayContaining(['systemHealth', 'performanceStats', 'errorStats', 'timeWindow', 'timestamp']),
    );
  });
});
