import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, type BoardRow } from '../../../domain';
import { playerStore } from '../../components/player/player-store';
import { getToday } from '../../forms/form-values';
import { layOutAsDesktop } from '../../test/render-page';
import {
  listAnswer,
  mockApi,
  type RecordedRequest,
  renderStaffPage,
  summary,
} from './board/board-test-helpers';
import { BoardPage } from './board-page';

// Waiting for an answer, 2 days before the response promise's day.
const first = summary({ responseDue: { answerBy: '2026-11-30', daysLeft: 2, state: 'near' } });
const second = summary({
  itemId: '7b2d4e6f-8a9b-4c1d-9e2f-3a4b5c6d7e8f',
  status: 'approved',
  itemName: 'Nova Lane - ',
  artistName: 'Nova Lane',
  releaseTitle: '',
  uploadType: 'transfer',
  releaseType: 'single',
  releaseDate: null,
  createdAt: '2026-11-19T09:30:00.000Z',
  trackCount: 0,
  catalogueItemCount: 4,
});

/** The board's own list requests, without the rows' next-deadline lookups. */
const listRequests = (api: { requests: RecordedRequest[] }) =>
  api.requests.filter((request) => request.url.pathname === '/api/board/items');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the submissions board', () => {
  it('lists submissions as cards on a phone, each a link to its review', async () => {
    const api = mockApi(() => ({ status: 200, body: listAnswer([first, second]) }));
    renderStaffPage(BoardPage, '/admin/board', '/admin/board');
    expect(screen.getByRole('heading', { level: 1, name: 'Submissions board' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading submissions...');

    const list = await screen.findByRole('list', { name: 'Submissions' });
    const cards = within(list).getAllByRole('link');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.getAttribute('href')).toBe(`/details/${first.itemId}`);
    expect(cards[0]?.textContent).toContain('Pending');
    expect(cards[0]?.textContent).toContain('First Light');
    expect(cards[0]?.textContent).toContain('Maya Rivers');
    expect(cards[0]?.textContent).toContain('EP');
    // The response promise: how long is left, and the day to answer by.
    expect(cards[0]?.textContent).toContain('Due in 2 days');
    expect(cards[0]?.textContent).toContain('Answer by November 30, 2026');
    expect(cards[0]?.textContent).toContain('Release Mar 5, 2027');
    // A transfer has no title or date of its own, and nothing to wait for once approved.
    expect(cards[1]?.getAttribute('href')).toBe(`/details/${second.itemId}`);
    expect(cards[1]?.textContent).toContain('Catalogue transfer');
    expect(cards[1]?.textContent).toContain('Transfer Existing');
    expect(cards[1]?.textContent).toContain('Release —');
    expect(cards[1]?.textContent).not.toContain('Answer by');
    // Each card's play button sits beside its link, not inside it; no audio, nothing to play.
    expect(
      (screen.getByRole('button', { name: 'No audio to play for "First Light"' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    const filters = screen.getByRole('navigation', { name: 'Filter by status' });
    const all = within(filters).getByRole('link', { name: 'All (3)' });
    expect(all.getAttribute('aria-current')).toBe('page');
    expect(within(filters).getByRole('link', { name: 'Pending (2)' })).toBeTruthy();
    expect(within(filters).getByRole('link', { name: 'Approved (1)' })).toBeTruthy();
    expect(within(filters).getByRole('link', { name: 'Failed (0)' })).toBeTruthy();

    expect(listRequests(api)).toHaveLength(1);
    expect(listRequests(api)[0]?.url.searchParams.get('status')).toBeNull();
    // The rows' next deadlines are asked for in one request.
    await waitFor(() =>
      expect(
        api.requests.filter((request) => request.url.pathname === '/api/board/next-deadlines'),
      ).toHaveLength(1),
    );
  });

  it("shows each row's next deadline under its release date", async () => {
    layOutAsDesktop();
    const today = getToday();
    const api = mockApi(({ url }) =>
      url.pathname === '/api/board/next-deadlines'
        ? {
            status: 200,
            body: {
              success: true,
              deadlines: {
                [first.itemId]: {
                  key: 'release:delivery',
                  kind: 'delivery',
                  date: addDays(today, 5),
                  momentKey: 'release',
                  subject: 'First Light',
                },
              },
            },
          }
        : { status: 200, body: listAnswer([first, second]) },
    );
    renderStaffPage(BoardPage, '/admin/board', '/admin/board');
    const table = await screen.findByRole('table', { name: 'Submissions' });
    const [row, transfer] = within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(row?.textContent).toContain('Delivery deadline'));
    expect(row?.textContent).toContain('In 5 days');
    expect(transfer?.textContent).not.toContain('deadline');
    const lookup = api.requests.find((request) => request.url.pathname === '/api/board/next-deadlines');
    expect(lookup?.url.searchParams.get('ids')?.split(',').sort()).toEqual(
      [first.itemId, second.itemId].sort(),
    );
  });

  it('shows the triage table on a desktop whose rows open the review, by mouse or keyboard', async () => {
    layOutAsDesktop();
    mockApi(({ url }) =>
      url.pathname === '/api/board/reviewers'
        ? { status: 200, body: { success: true, reviewers: [] } }
        : { status: 200, body: listAnswer([first, second]) },
    );
    const user = userEvent.setup();
    const { router } = renderStaffPage(BoardPage, '/admin/board', '/admin/board');
    const table = await screen.findByRole('table', { name: 'Submissions' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    // Seven columns, so the row fits 1280 px: the type in the release's cell, both dates in one,
    // the reviewer beside the rating.
    expect(headers).toEqual([
      '',
      'Status',
      'Release',
      'Preview',
      'Dates',
      'Answer by',
      'Reviewer and rating',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1, 6)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'Pending',
        'First LightMaya RiversEP',
        'No audio',
        expect.stringMatching(/^Release Mar 5, 2027Submitted Nov 20, 2026/),
        'Due in 2 daysAnswer by November 30, 2026',
      ],
      [
        'Approved',
        'Catalogue transferNova LaneTransfer Existing',
        'No audio',
        expect.stringMatching(/^Release —Submitted Nov 19, 2026/),
        '—',
      ],
    ]);
    expect(within(rows[0] as HTMLElement).getByLabelText('Not rated').textContent).toBe('Not rated');
    const link = within(rows[0] as HTMLElement).getByRole('link', { name: 'First Light' });
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/details/${first.itemId}`));
  });

  it('says "1,000+" where a broad search stopped counting, and no number for a status it did not reach', async () => {
    mockApi(() => ({
      status: 200,
      body: listAnswer([first, second], {
        counts: { pending: 640, changes_requested: 0, in_progress: 0, processing: 0, approved: 361 },
        countsCapped: ['pending', 'changes_requested', 'in_progress', 'processing', 'approved'],
        total: 1000,
        totalCapped: true,
      }),
    }));
    renderStaffPage(BoardPage, '/admin/board', '/admin/board?q=release');
    const filters = await screen.findByRole('navigation', {
      name: 'Filter by status (counts within the search and filters)',
    });
    await waitFor(() => expect(within(filters).getByRole('link', { name: 'All (1,000+)' })).toBeTruthy());
    expect(within(filters).getByRole('link', { name: 'Pending (640+)' })).toBeTruthy();
    expect(within(filters).getByRole('link', { name: 'Approved (361+)' })).toBeTruthy();
    expect(within(filters).getByRole('link', { name: 'Processing' })).toBeTruthy();
  });

  it("plays a card's first track in the console's player", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const withAudio = {
      ...first,
      preview: { trackTitle: 'Morning', url: '/files/t1?disposition=inline&signature=x', peaks: null },
    } as BoardRow;
    mockApi(() => ({ status: 200, body: listAnswer([withAudio, second]) }));
    const user = userEvent.setup();
    renderStaffPage(BoardPage, '/admin/board', '/admin/board');
    await screen.findByRole('list', { name: 'Submissions' });
    try {
      await user.click(screen.getByRole('button', { name: 'Play "Morning" by Maya Rivers' }));
      expect(play).toHaveBeenCalled();
      expect(playerStore.getState().items).toEqual([
        {
          submissionId: first.itemId,
          trackTitle: 'Morning',
          artistName: 'Maya Rivers',
          releaseTitle: 'First Light',
          audioUrl: '/files/t1?disposition=inline&signature=x',
        },
      ]);
    } finally {
      playerStore.stop();
    }
  });

  it('selects cards on a phone for one decision from the bar above them', async () => {
    mockApi(() => ({ status: 200, body: listAnswer([first, second]) }));
    const user = userEvent.setup();
    renderStaffPage(BoardPage, '/admin/board', '/admin/board');
    await screen.findByRole('list', { name: 'Submissions' });
    const bar = screen.getByRole('region', { name: 'Selected submissions' });
    expect(
      (within(bar).getByRole('button', { name: 'Decline selected…' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select "First Light" by Maya Rivers' }));
    expect(bar.textContent).toContain('1 selected');
    expect(
      (within(bar).getByRole('button', { name: 'Decline selected…' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(bar.textContent).toContain('Select submissions to approve or decline several at once.');
  });

  it('filters by status through the URL and asks the server for that status', async () => {
    const api = mockApi(({ url }) => {
      const status = url.searchParams.get('status');
      return { status: 200, body: listAnswer(status === 'approved' ? [second] : [first, second]) };
    });
    const user = userEvent.setup();
    const { router } = renderStaffPage(BoardPage, '/admin/board', '/admin/board');
    await screen.findByRole('list', { name: 'Submissions' });
    await user.click(screen.getByRole('link', { name: 'Approved (1)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=approved'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Submissions' })).getAllByRole('link')).toHaveLength(1),
    );
    expect(listRequests(api).at(-1)?.url.searchParams.get('status')).toBe('approved');
    expect(screen.getByRole('link', { name: 'Approved (1)' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'All (3)' }).getAttribute('aria-current')).toBeNull();
  });

  it('says when a filter has nothing, and offers the whole board', async () => {
    const api = mockApi(() => ({ status: 200, body: listAnswer([]) }));
    renderStaffPage(BoardPage, '/admin/board', '/admin/board?status=rejected');
    expect(await screen.findByRole('heading', { name: 'No Rejected submissions' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all submissions' }).getAttribute('href')).toBe(
      '/admin/board',
    );
    expect(api.requests[0]?.url.searchParams.get('status')).toBe('rejected');
  });

  it('ignores a status it does not know and shows the whole board', async () => {
    const api = mockApi(() => ({ status: 200, body: listAnswer([]) }));
    renderStaffPage(BoardPage, '/admin/board', '/admin/board?status=maybe');
    expect(await screen.findByRole('heading', { name: 'No submissions yet' })).toBeTruthy();
    expect(api.requests[0]?.url.searchParams.get('status')).toBeNull();
  });

  it('loads the next page from the cursor', async () => {
    const api = mockApi(({ url }) =>
      url.searchParams.get('cursor') === 'page-2'
        ? { status: 200, body: listAnswer([second], { total: 2 }) }
        : { status: 200, body: listAnswer([first], { nextCursor: 'page-2', total: 2 }) },
    );
    const user = userEvent.setup();
    renderStaffPage(BoardPage, '/admin/board', '/admin/board');
    const list = await screen.findByRole('list', { name: 'Submissions' });
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('Showing 1 of 2 submissions').getAttribute('role')).toBe('status');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    expect(screen.getByText('Showing 2 of 2 submissions')).toBeTruthy();
    expect(listRequests(api).at(-1)?.url.searchParams.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows where each release’s delivery to the stores stands beside its status', async () => {
    layOutAsDesktop();
    mockApi(({ url }) =>
      url.pathname === '/api/board/reviewers'
        ? { status: 200, body: { success: true, reviewers: [] } }
        : {
            status: 200,
            body: listAnswer([
              { ...first, deliveryState: 'failed' },
              { ...second, deliveryState: 'delivered' },
              { ...summary({ itemId: '9c3e5f7a-1b2c-4d3e-8f4a-5b6c7d8e9f00' }), deliveryState: null },
            ] as BoardRow[]),
          },
    );
    renderStaffPage(BoardPage, '/admin/board', '/admin/board');
    const table = await screen.findByRole('table', { name: 'Submissions' });
    const statusCells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1] as HTMLElement);
    expect(statusCells.map((cell) => cell.textContent)).toEqual([
      'PendingDelivery failed',
      'ApprovedDelivered',
      'Pending',
    ]);
    // The chip's colour says it at a glance: red for a failure, green once delivered.
    const chip = (cell: HTMLElement, name: string) =>
      within(cell).getByText(name).closest('.MuiChip-root')?.className ?? '';
    expect(chip(statusCells[0] as HTMLElement, 'Delivery failed')).toContain('MuiChip-colorError');
    expect(chip(statusCells[1] as HTMLElement, 'Delivered')).toContain('MuiChip-colorSuccess');
  });

  it('filters by delivery through the URL, and exports the view as CSV', async () => {
    const api = mockApi(() => ({ status: 200, body: listAnswer([first]) }));
    const user = userEvent.setup();
    const { router } = renderStaffPage(BoardPage, '/admin/board', '/admin/board?genre=Pop&delivery=failed');
    await screen.findByRole('list', { name: 'Submissions' });
    expect(listRequests(api).at(-1)?.url.searchParams.get('delivery')).toBe('failed');
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink.getAttribute('href')).toBe('/api/board/export.csv?genre=Pop&delivery=failed');
    expect(exportLink.hasAttribute('download')).toBe(true);

    // The filters are behind one button that counts them; on a phone it opens a sheet.
    await user.click(screen.getByRole('button', { name: 'Filters, 2 active' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(sheet.closest('.MuiDrawer-root')).not.toBeNull();
    expect(within(sheet).getByRole('combobox', { name: 'Delivery' }).textContent).toBe('Delivery failed');
    expect(within(sheet).getByRole('combobox', { name: 'Genre' }).textContent).toBe('Pop');
    await user.click(within(sheet).getByRole('combobox', { name: 'Delivery' }));
    await user.click(await screen.findByRole('option', { name: 'Delivered' }));
    await waitFor(() => expect(router.state.location.search).toBe('?genre=Pop&delivery=delivered'));
    await waitFor(() => expect(listRequests(api).at(-1)?.url.searchParams.get('delivery')).toBe('delivered'));
    expect(screen.getByRole('link', { name: 'Export CSV', hidden: true }).getAttribute('href')).toBe(
      '/api/board/export.csv?genre=Pop&delivery=delivered',
    );
    // "Show N results" closes the sheet on the list; "Clear all" keeps the search, status and order.
    await user.click(within(sheet).getByRole('button', { name: 'Show 1 result' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Filters, 2 active' }));
    const again = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(again).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((within(again).getByRole('button', { name: 'Clear all' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(within(again).getByRole('button', { name: 'Close filters' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });

  it('counts the active filters on a desktop, a date range as one, and opens them in a panel', async () => {
    layOutAsDesktop();
    mockApi(({ url }) =>
      url.pathname === '/api/board/reviewers'
        ? { status: 200, body: { success: true, reviewers: [] } }
        : { status: 200, body: listAnswer([first]) },
    );
    const user = userEvent.setup();
    const { router } = renderStaffPage(
      BoardPage,
      '/admin/board',
      '/admin/board?q=light&releaseType=ep&releasedFrom=2027-01-01&releasedTo=2027-12-31&overdue=true',
    );
    await screen.findByRole('table', { name: 'Submissions' });
    // The search stays in view; the sort beside the filters.
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('light');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Release type' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Filters, 3 active' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    expect(panel.closest('.MuiPopover-root')).not.toBeNull();
    expect(within(panel).getByRole('combobox', { name: 'Release type' }).textContent).toBe('EP');
    expect((within(panel).getByLabelText('Release date from') as HTMLInputElement).value).toBe('2027-01-01');
    await user.click(within(panel).getByRole('checkbox', { name: 'Only those past the response promise' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?q=light&releaseType=ep&releasedFrom=2027-01-01&releasedTo=2027-12-31',
      ),
    );
    expect(screen.getByRole('button', { name: 'Filters, 2 active', hidden: true })).toBeTruthy();
  });

  it('shows the server’s words when the board cannot load, and retries', async () => {
    let calls = 0;
    mockApi(() =>
      ++calls === 1
        ? { status: 500, body: { success: false, error: 'Internal server error' } }
        : { status: 200, body: listAnswer([first]) },
    );
    const user = userEvent.setup();
    renderStaffPage(BoardPage, '/admin/board', '/admin/board');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The board could not be loaded: Internal server error');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Submissions' })).toBeTruthy();
  });
});
