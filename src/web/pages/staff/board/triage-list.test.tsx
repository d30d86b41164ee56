import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { layOutAsDesktop } from '../../../test/render-page';
import { BoardPage } from '../board-page';
import {
  answerReview,
  decisionTemplate,
  detail,
  listAnswer,
  mockApi,
  REVIEWER,
  type ReviewAnswers,
  renderStaffPage,
  row,
} from './board-test-helpers';
import { selectWithRange } from './triage-table';
import { Waveform } from './waveform-preview';

const ids = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
];
const rows = [
  row({ itemId: ids[0], releaseTitle: 'First Light', artistName: 'Maya Rivers' }),
  row({
    itemId: ids[1],
    releaseTitle: 'Second Wind',
    artistName: 'Nova Lane',
    preview: {
      trackTitle: 'Gust',
      url: '/files/a1?disposition=inline&signature=x',
      peaks: [10, 50, 100, 20],
    },
    assignee: REVIEWER,
    rating: 4,
  }),
  row({ itemId: ids[2], releaseTitle: 'Third Eye', artistName: 'Quiet Harbour', status: 'rejected' }),
];

/** jsdom has no matchMedia, nor media playback: the page lays out as on a desktop and plays nothing. */
// The board loads its dialogs on first use; loaded here once, so a slow machine's first
// import is not what a test waits for.
beforeAll(async () => {
  await Promise.all([
    import('./decision-dialog'),
    import('./triage-help-dialog'),
    import('./bulk-decision-dialog'),
  ]);
});

beforeEach(() => {
  layOutAsDesktop();
  const playing = new WeakSet<HTMLMediaElement>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return !playing.has(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (!playing.delete(this)) return;
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const decline = decisionTemplate({
  templateId: '6c1e2f7c-3333-4a2b-8c3d-5e6f7a8b9c02',
  kind: 'decline',
  name: 'Not for us',
  body: 'Dear {{artistName}}, not this time.',
});

function boardApi(other?: ReviewAnswers['other']) {
  return mockApi((request) => {
    if (request.url.pathname === '/api/board/items') return { status: 200, body: listAnswer(rows) };
    const id = ids.find((candidate) => request.url.pathname.includes(candidate));
    return answerReview({
      item: detail({ itemId: id ?? ids[0], releaseTitle: rows[ids.indexOf(id ?? '')]?.releaseTitle ?? '' }),
      templates: [decisionTemplate(), decline],
      ...(other ? { other } : {}),
    })(request);
  });
}

const current = () => document.querySelector('tr[aria-current="true"]')?.getAttribute('data-item-id');

describe('keyboard triage on the board', () => {
  it('moves with j and k, plays with space, opens the decision of the current row with a, c and d, and lists the keys with ?', async () => {
    boardApi();
    const user = userEvent.setup();
    renderStaffPage(BoardPage, '/admin/board', '/admin/board');
    await screen.findByRole('table', { name: 'Submissions' });
    expect(current()).toBeUndefined();

    await user.keyboard('j');
    expect(current()).toBe(ids[0]);
    await user.keyboard('jj');
    expect(current()).toBe(ids[2]);
    await user.keyboard('j');
    expect(current()).toBe(ids[2]);
    await user.keyboard('k');
    expect(current()).toBe(ids[1]);
    expect(document.activeElement?.getAttribute('data-item-id')).toBe(ids[1]);
    expect(screen.getByText('2 of 3: Second Wind by Nova Lane, Pending')).toBeTruthy();

    // Space: the row's preview plays, and pauses.
    await user.keyboard(' ');
    const audio = screen.getByTestId('board-preview-audio') as HTMLAudioElement;
    expect(audio.getAttribute('preload')).toBe('none');
    expect(audio.getAttribute('src')).toBe('/files/a1?disposition=inline&signature=x');
    expect(
      screen.getByRole('button', { name: 'Pause "Gust" by Nova Lane' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Play "Gust" by Nova Lane' })).toBeTruthy();

    // d: the decline of this row, Rejected chosen; keys inside it are the dialog's.
    await user.keyboard('d');
    const dialog = await screen.findByRole('dialog', { name: /^Decline: Second Wind/ });
    await waitFor(() =>
      expect((within(dialog).getByRole('radio', { name: 'Rejected' }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
    await user.keyboard('j');
    expect(current()).toBe(ids[1]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.keyboard('c');
    const changes = await screen.findByRole('dialog', { name: /^Request changes: Second Wind/ });
    await within(changes).findByRole('checkbox', { name: 'Artwork' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Next submission')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 60_000);

  it('ignores the keys while typing in the search', async () => {
    boardApi();
    const user = userEvent.setup();
    renderStaffPage(BoardPage, '/admin/board', '/admin/board');
    await screen.findByRole('table', { name: 'Submissions' });
    await user.click(screen.getByRole('searchbox', { name: 'Search' }));
    await user.keyboard('jad');
    expect(current()).toBeUndefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the reviewer and the rating in the row', async () => {
    boardApi();
    renderStaffPage(BoardPage, '/admin/board', '/admin/board');
    const rowTwo = (await screen.findByRole('table', { name: 'Submissions' })).querySelector(
      `tr[data-item-id="${ids[1]}"]`,
    ) as HTMLElement;
    await waitFor(() =>
      expect(within(rowTwo).getByRole('combobox', { name: 'Reviewer of "Second Wind"' }).textContent).toBe(
        'Sam Staff',
      ),
    );
    expect(within(rowTwo).getByLabelText('Rated 4 out of 5')).toBeTruthy();
  });
});

describe('a bulk decision', () => {
  it('declines the selected with one template and lists what happened to each', async () => {
    const api = boardApi(({ method, url, body }) => {
      if (method !== 'POST' || url.pathname !== '/api/board/items/bulk-status') return undefined;
      const { itemIds } = body as { itemIds: string[] };
      return {
        status: 200,
        body: {
          success: true,
          results: itemIds.map((itemId) =>
            itemId === ids[2]
              ? {
                  itemId,
                  outcome: 'refused',
                  reason: 'A submission that is Rejected cannot be set to Rejected.',
                }
              : { itemId, outcome: 'done', status: 'rejected' },
          ),
        },
      };
    });
    const user = userEvent.setup();
    renderStaffPage(BoardPage, '/admin/board', '/admin/board');
    await screen.findByRole('table', { name: 'Submissions' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all submissions shown' }));
    const bar = screen.getByRole('region', { name: 'Selected submissions' });
    expect(bar.textContent).toContain('3 selected');
    await user.click(within(bar).getByRole('button', { name: 'Decline selected…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline 3 submissions' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline 3' }));
    expect(within(dialog).getByText('Choose the template whose message goes to every artist.')).toBeTruthy();
    await user.click(await within(dialog).findByRole('combobox', { name: 'Template (Decline)' }));
    await user.click(screen.getByRole('option', { name: 'Not for us' }));
    const message = within(dialog).getByRole('textbox', {
      name: 'Message to each artist',
    }) as HTMLTextAreaElement;
    expect(message.value).toBe('Dear {{artistName}}, not this time.');
    await user.clear(message);
    await user.type(message, 'Sorry {{{{artistName}}');
    await user.click(within(dialog).getByRole('button', { name: 'Decline 3' }));
    await within(dialog).findByText(
      /2 of 3 submissions were set to Rejected and their artists e-mailed\. 1 could not be\./,
    );
    const outcome = within(dialog).getByRole('list', { name: 'What happened to each submission' });
    expect(outcome.textContent).toContain(
      'Not changed: A submission that is Rejected cannot be set to Rejected.',
    );
    const sent = api.requests.find((request) => request.url.pathname === '/api/board/items/bulk-status');
    expect(sent?.body).toEqual({
      itemIds: ids,
      decision: 'decline',
      templateId: decline.templateId,
      message: 'Sorry {{artistName}}',
    });
    // The refused one stays selected; the done ones leave the selection.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(bar.textContent).toContain('1 selected'));
  }, 60_000);

  it('selects a run of rows with shift-click', () => {
    expect([...selectWithRange(ids, new Set(), ids[0] as string, null, false)]).toEqual([ids[0]]);
    expect([
      ...selectWithRange(ids, new Set([ids[0] as string]), ids[2] as string, ids[0] as string, true),
    ]).toEqual(ids);
    expect([...selectWithRange(ids, new Set(ids), ids[1] as string, ids[2] as string, true)]).toEqual([
      ids[0],
    ]);
  });
});

describe('the waveform', () => {
  it('draws a bar per peak, the played part in another colour, and a flat line until measured', () => {
    const { container, rerender } = render(<Waveform peaks={[0, 50, 100, 25]} progress={0.5} />);
    const bars = container.querySelectorAll('rect');
    expect(bars).toHaveLength(4);
    expect(Number(bars[2]?.getAttribute('height'))).toBeGreaterThan(Number(bars[1]?.getAttribute('height')));
    expect(container.querySelector('svg')?.getAttribute('data-measured')).toBe('true');
    rerender(<Waveform peaks={null} progress={0} />);
    expect(container.querySelector('svg')?.getAttribute('data-measured')).toBe('false');
    const heights = [...container.querySelectorAll('rect')].map((bar) => bar.getAttribute('height'));
    expect(new Set(heights).size).toBe(1);
  });
});
