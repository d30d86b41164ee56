import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTO_DECLINE_NEEDS_TEMPLATE,
  RESPONSE_PROMISE_DAYS_INVALID,
  type ResponsePromiseResponse,
  type ResponsePromiseRun,
} from '../../../domain';
import { ResponseDueChip } from '../../components/response-due-chip';
import { decisionTemplate, mockApi, renderStaffPage } from './board/board-test-helpers';
import { RESPONSE_PROMISE_PATH, ResponsePromisePage } from './response-promise-page';

afterEach(() => vi.restoreAllMocks());

const decline = decisionTemplate({
  templateId: '6c1e2f7c-3333-4a2b-8c3d-5e6f7a8b9c09',
  kind: 'decline',
  name: 'Past our promise',
  body: 'Dear {{artistName}}, we are passing on "{{releaseTitle}}".',
});

function promise(overrides: Partial<ResponsePromiseResponse['settings']> = {}): ResponsePromiseResponse {
  return {
    success: true,
    settings: {
      promiseDays: 10,
      autoDecline: false,
      declineTemplate: null,
      declineTemplateDeleted: false,
      ...overrides,
    },
    timeZone: 'UTC',
    today: '2026-11-26',
    nearDays: 2,
    overdueCount: 3,
    nextRunAt: '2026-11-27T05:00:00.000Z',
  };
}

const run: ResponsePromiseRun = {
  runId: '0b7f3d2e-1111-4a2b-8c3d-5e6f7a8b9c01',
  startedAt: '2026-11-26T05:00:00.000Z',
  finishedAt: '2026-11-26T05:00:02.000Z',
  trigger: 'schedule',
  outcome: 'completed',
  reason: null,
  today: '2026-11-26',
  promiseDays: 10,
  templateName: 'Past our promise',
  declined: 1,
  failed: 1,
  itemCount: 2,
  items: [
    {
      itemId: '9d7f3d2e-1111-4a2b-8c3d-5e6f7a8b9c01',
      itemName: 'Maya Rivers - First Light',
      result: 'declined',
      reason: null,
      answerBy: '2026-11-20',
    },
    {
      itemId: '9d7f3d2e-1111-4a2b-8c3d-5e6f7a8b9c02',
      itemName: 'Leo Park - Tides',
      result: 'failed',
      reason: 'The mail could not be queued',
      answerBy: '2026-11-21',
    },
  ],
};

const skipped: ResponsePromiseRun = {
  ...run,
  runId: '0b7f3d2e-1111-4a2b-8c3d-5e6f7a8b9c02',
  outcome: 'skipped',
  reason: 'No decline template is chosen, so nothing was declined.',
  templateName: null,
  declined: 0,
  failed: 0,
  itemCount: 0,
  items: [],
};

const quiet: ResponsePromiseRun = {
  ...skipped,
  runId: '0b7f3d2e-1111-4a2b-8c3d-5e6f7a8b9c03',
  outcome: 'completed',
  reason: null,
  templateName: 'Past our promise',
};

/** The settings, saved as sent (with the refusals the server gives), the templates and the runs. */
function promiseServer(initial: ResponsePromiseResponse, runs: ResponsePromiseRun[]) {
  let current = initial;
  return mockApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/decision-templates')
      return {
        status: 200,
        body: { success: true, templates: [decisionTemplate(), decline], placeholders: [] },
      };
    if (path === '/api/response-promise/runs')
      return { status: 200, body: { success: true, runs, nextCursor: null, total: runs.length } };
    if (request.method === 'PUT') {
      const body = request.body as {
        promiseDays: number;
        autoDecline: boolean;
        declineTemplateId: string | null;
      };
      current = promise({
        promiseDays: body.promiseDays,
        autoDecline: body.autoDecline,
        declineTemplate: body.declineTemplateId
          ? { templateId: decline.templateId, name: decline.name }
          : null,
      });
    }
    return { status: 200, body: current };
  });
}

describe('the response promise page', () => {
  it('shows today, the settings and what the job did, with links to the submissions', async () => {
    promiseServer(
      promise({ autoDecline: true, declineTemplate: { templateId: decline.templateId, name: decline.name } }),
      [run, skipped, quiet],
    );
    renderStaffPage(ResponsePromisePage, RESPONSE_PROMISE_PATH, RESPONSE_PROMISE_PATH);
    expect(screen.getByRole('heading', { level: 1, name: 'Response promise' })).toBeTruthy();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(today.textContent).toContain('3 submissions are past the promise today.');
    expect(within(today).getByRole('link', { name: 'See them on the board' }).getAttribute('href')).toBe(
      '/admin/board?overdue=true',
    );
    expect(today.textContent).toContain('Today is November 26, 2026 in the label’s time zone (UTC).');
    const form = screen.getByRole('region', { name: 'The promise' });
    expect(
      (
        within(form).getByRole('spinbutton', {
          name: 'Days until every submission gets an answer',
        }) as HTMLInputElement
      ).value,
    ).toBe('10');
    const template = within(form).getByRole('combobox', { name: 'Decline template the job sends' });
    await waitFor(() => expect(template.textContent).toBe('Past our promise'));
    expect((within(form).getByRole('switch') as HTMLInputElement).checked).toBe(true);

    const runs = screen.getByRole('region', { name: 'What the job did' });
    const [first, second, third] = await within(runs).findAllByRole('article');
    expect(first?.textContent).toContain('Declined 1 submission, 1 failed');
    expect(first?.textContent).toContain('Template: Past our promise');
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'Maya Rivers - First Light' })
        .getAttribute('href'),
    ).toBe('/details/9d7f3d2e-1111-4a2b-8c3d-5e6f7a8b9c01');
    expect(first?.textContent).toContain('declined (answer was due November 20, 2026)');
    expect(first?.textContent).toContain('failed: The mail could not be queued');
    expect(second?.textContent).toContain('Did nothing');
    expect(second?.textContent).toContain('No decline template is chosen');
    expect(third?.textContent).toContain('Nothing was past the promise');
  });

  it('checks the days with the domain’s rule, needs a template to switch on, and saves', async () => {
    const api = promiseServer(promise(), []);
    const user = userEvent.setup();
    renderStaffPage(ResponsePromisePage, RESPONSE_PROMISE_PATH, RESPONSE_PROMISE_PATH);
    const form = await screen.findByRole('region', { name: 'The promise' });
    const days = within(form).getByRole('spinbutton', { name: 'Days until every submission gets an answer' });
    const template = within(form).getByRole('combobox', { name: 'Decline template the job sends' });
    await waitFor(() => expect(template.textContent).toBe('None chosen'));
    await user.clear(days);
    await user.type(days, '91');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(form.textContent).toContain(RESPONSE_PROMISE_DAYS_INVALID);
    expect(api.requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(form).getByRole('switch'));
    expect(form.textContent).toContain(AUTO_DECLINE_NEEDS_TEMPLATE);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(api.requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.click(within(form).getByRole('combobox', { name: 'Decline template the job sends' }));
    // Only decline templates are offered.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'None chosen',
      'Past our promise',
    ]);
    await user.click(screen.getByRole('option', { name: 'Past our promise' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Saved.')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual(
      [{ promiseDays: 7, declineTemplateId: decline.templateId, autoDecline: true }],
    );
  });

  it('warns when the chosen template was deleted', async () => {
    promiseServer(promise({ autoDecline: true, declineTemplateDeleted: true }), []);
    renderStaffPage(ResponsePromisePage, RESPONSE_PROMISE_PATH, RESPONSE_PROMISE_PATH);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The decline template chosen for the job was deleted',
    );
    expect((await screen.findByRole('region', { name: 'What the job did' })).textContent).toContain(
      'The job has not declined anything yet.',
    );
  });
});

describe('the response promise chip', () => {
  it.each([
    [{ answerBy: '2026-12-01', daysLeft: 5, state: 'on_track' as const }, 'Due in 5 days'],
    [{ answerBy: '2026-11-28', daysLeft: 2, state: 'near' as const }, 'Due in 2 days'],
    [{ answerBy: '2026-11-26', daysLeft: 0, state: 'due_today' as const }, 'Due today'],
    [{ answerBy: '2026-11-25', daysLeft: -1, state: 'overdue' as const }, 'Overdue by 1 day'],
  ])('%j reads "%s" with the answer-by day', (due, words) => {
    render(<ResponseDueChip due={due} />);
    expect(screen.getByText(words)).toBeTruthy();
    expect(
      screen
        .getByText(/^Answer by /)
        .closest('time')
        ?.getAttribute('dateTime'),
    ).toBe(due.answerBy);
  });

  it('shows nothing for a submission not waiting for an answer', () => {
    const { container } = render(<ResponseDueChip due={null} />);
    expect(container.textContent).toBe('');
  });
});
