import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLANNER_SETTINGS, type KeyDatesView, planRelease } from '../../domain';
import { mockApi, renderStaffPage } from '../pages/staff/board/board-test-helpers';
import { KeyDatesSection } from './key-dates';

afterEach(() => vi.restoreAllMocks());

const ITEM_ID = '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a10';
const TODAY = '2031-03-10';

function view(overrides: Partial<KeyDatesView> = {}): KeyDatesView {
  const plan = planRelease(
    {
      releaseTitle: 'Harbour',
      releaseStrategy: 'singles_first',
      releaseDate: '2031-05-02',
      tracks: [
        {
          id: 't1',
          title: 'Low Tide',
          position: 0,
          releaseAsSingle: true,
          singleReleaseDate: '2031-03-13',
          singleOrder: 1,
        },
        {
          id: 't2',
          title: 'High Water',
          position: 1,
          releaseAsSingle: false,
          singleReleaseDate: null,
          singleOrder: null,
        },
        {
          id: 't3',
          title: 'Undertow',
          position: 2,
          releaseAsSingle: true,
          singleReleaseDate: null,
          singleOrder: 2,
        },
      ],
      plannedOn: '2031-01-01',
    },
    DEFAULT_PLANNER_SETTINGS,
  );
  return { releaseTitle: 'Harbour', settings: DEFAULT_PLANNER_SETTINGS, ...plan, ...overrides };
}

function ArtistCopy() {
  return <KeyDatesSection reader="artist" itemId={ITEM_ID} today={TODAY} />;
}

function StaffCopy() {
  return <KeyDatesSection reader="staff" itemId={ITEM_ID} today={TODAY} />;
}

function render(reader: 'artist' | 'staff' = 'artist') {
  return renderStaffPage(reader === 'artist' ? ArtistCopy : StaffCopy, '/page', '/page');
}

describe('the key dates section', () => {
  it('lists every date in order with what it means and how far away it is, and offers the calendar file', async () => {
    const api = mockApi(() => ({ status: 200, body: { success: true, keyDates: view() } }));
    render();
    const section = await screen.findByRole('region', { name: 'Key dates' });
    const list = await within(section).findByRole('list', { name: 'Key dates, earliest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(9);
    expect(api.requests[0]?.url.pathname).toBe(`/api/profile/submissions/${ITEM_ID}/key-dates`);

    // Single 1 on 2031-03-13: both its deadlines have passed; it comes out in 3 days.
    expect(items[0]?.textContent).toContain('February 13, 2031');
    expect(items[0]?.textContent).toContain('Delivery deadline · Single 1: "Low Tide"');
    expect(items[0]?.textContent).toContain('Passed (25 days ago)');
    expect(items[0]?.textContent).toContain('By this day everything for the release must be final');
    const byText = (text: string) => items.find((item) => item.textContent?.includes(text));
    expect(byText('Editorial pitch deadline · Single 1')?.textContent).toContain('Passed (4 days ago)');
    const out = byText('Single out · Single 1: "Low Tide"');
    expect(out?.textContent).toContain('In 3 days');
    expect(out?.querySelector('time')?.getAttribute('datetime')).toBe('2031-03-13');
    expect(byText('Editorial pitch deadline · Single 2')?.textContent).toContain('In 9 days');
    // The undated single follows the 6-week spacing, and the track that is not a single comes out with it.
    const undated = byText('Single out · Single 2');
    expect(undated?.textContent).toContain('Out that day: "Undertow", "High Water".');
    expect(undated?.textContent).toContain('No date was chosen for this single');
    expect(items.at(-1)?.textContent).toContain('Release day · Harbour');

    expect(section.textContent).toContain('final 28 days before each release day');
    expect(section.textContent).toContain('We e-mail you 3 days before each deadline.');
    const download = within(section).getByRole('link', { name: 'Add to calendar (.ics)' });
    expect(download.getAttribute('href')).toBe(`/api/profile/submissions/${ITEM_ID}/dates.ics`);
    expect(download.hasAttribute('download')).toBe(true);
  });

  it("staff read the board's copy and its file", async () => {
    const api = mockApi(() => ({ status: 200, body: { success: true, keyDates: view() } }));
    render('staff');
    const section = await screen.findByRole('region', { name: 'Key dates' });
    await within(section).findByRole('list');
    expect(api.requests[0]?.url.pathname).toBe(`/api/board/items/${ITEM_ID}/key-dates`);
    expect(within(section).getByRole('link', { name: 'Add to calendar (.ics)' }).getAttribute('href')).toBe(
      `/api/board/items/${ITEM_ID}/dates.ics`,
    );
    expect(section.textContent).toContain('We e-mail the artist 3 days before each deadline.');
  });

  it('says what is wrong with the plan, and offers no file when there is no date', async () => {
    mockApi(() => ({
      status: 200,
      body: {
        success: true,
        keyDates: { ...view(), moments: [], keyDates: [], problems: ['No release date is set yet.'] },
      },
    }));
    render();
    const section = await screen.findByRole('region', { name: 'Key dates' });
    expect(await within(section).findByText('No release date is set yet.')).toBeTruthy();
    expect(within(section).queryByRole('link', { name: 'Add to calendar (.ics)' })).toBeNull();
  });

  it('shows nothing for a submission with nothing to plan (a transfer)', async () => {
    const api = mockApi(() => ({ status: 200, body: { success: true, keyDates: null } }));
    render();
    await waitFor(() => expect(api.requests).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Key dates' })).toBeNull());
  });

  it('says when the dates cannot load, and Retry loads them', async () => {
    let calls = 0;
    // The query tries a failed load once more before it says so.
    mockApi(() =>
      ++calls <= 2
        ? { status: 500, body: { success: false, error: 'Internal server error' } }
        : { status: 200, body: { success: true, keyDates: view() } },
    );
    render();
    expect(
      await screen.findByText(
        /The key dates could not be loaded: Internal server error/,
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Key dates, earliest first' })).toBeTruthy();
  });
});
