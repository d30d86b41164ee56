import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTE_REQUIRED, RATING_OUT_OF_RANGE } from '../../../../domain';
import { SubmissionDetailsPage } from '../submission-details-page';
import { answerReview, detail, mockApi, REVIEWER, renderStaffPage } from './board-test-helpers';

afterEach(() => vi.restoreAllMocks());

const item = detail();
const path = `/details/${item.itemId}`;
const note = {
  noteId: 'n1',
  body: 'Great chorus; the verse drags.',
  author: 'Sam Staff',
  createdAt: '2026-11-21T10:00:00.000Z',
};

describe('the private review', () => {
  it('assigns a reviewer, rates 1–5 and clears it, and adds private notes', async () => {
    let current = item;
    const notes = [note];
    const api = mockApi((request) =>
      answerReview({
        item: current,
        notes,
        other: ({ method, url, body }) => {
          if (method !== 'POST') return undefined;
          if (url.pathname.endsWith('/assignee')) {
            const { userId } = body as { userId: string | null };
            current = { ...current, assignee: userId ? REVIEWER : null };
          }
          if (url.pathname.endsWith('/rating'))
            current = { ...current, rating: (body as { rating: number | null }).rating };
          if (url.pathname.endsWith('/notes')) {
            const added = {
              ...note,
              noteId: 'n2',
              body: (body as { body: string }).body,
              createdAt: '2026-11-22T10:00:00.000Z',
            };
            notes.push(added);
            return { status: 200, body: { success: true, note: added } };
          }
          return { status: 200, body: { success: true, item: current } };
        },
      })(request),
    );
    const user = userEvent.setup();
    renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', path);
    const panel = await screen.findByRole('region', { name: 'Private review' });
    expect(panel.textContent).toContain('the artist never does');

    // The reviewer: the staff list, with Unassigned.
    const reviewer = within(panel).getByRole('combobox', { name: 'Reviewer' });
    await waitFor(() => expect(reviewer.getAttribute('aria-disabled')).toBeNull());
    expect(reviewer.textContent).toBe('Unassigned');
    await user.click(reviewer);
    await user.click(screen.getByRole('option', { name: 'Sam Staff (sam@label.example)' }));
    await waitFor(() => expect(reviewer.textContent).toBe('Sam Staff (sam@label.example)'));
    expect(api.requests.find((r) => r.url.pathname.endsWith('/assignee'))?.body).toEqual({
      userId: REVIEWER.userId,
    });

    // The rating: five radios, then Clear rating.
    const rating = within(panel).getByRole('group', { name: 'Rating (1 to 5)' });
    const shown = () => rating.querySelector('[aria-live]')?.textContent;
    expect(shown()).toBe('Not rated');
    // A click without a pointer's position (jsdom has no layout): the star's own radio.
    fireEvent.click(within(rating).getByRole('radio', { name: '4 out of 5' }));
    await waitFor(() => expect(shown()).toBe('4 out of 5'));
    expect(api.requests.find((r) => r.url.pathname.endsWith('/rating'))?.body).toEqual({ rating: 4 });
    await user.click(within(rating).getByRole('button', { name: 'Clear rating' }));
    await waitFor(() => expect(shown()).toBe('Not rated'));
    expect(api.requests.filter((r) => r.url.pathname.endsWith('/rating')).at(-1)?.body).toEqual({
      rating: null,
    });

    // Notes: the list, an empty one refused in the domain's words, then a new one.
    expect(within(panel).getByRole('list', { name: 'Private notes' }).textContent).toContain(note.body);
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(within(panel).getByText(NOTE_REQUIRED)).toBeTruthy();
    await user.click(within(panel).getByRole('textbox', { name: 'New private note' }));
    await user.paste('Ask for the stems.');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(within(panel).getByRole('list', { name: 'Private notes' }).textContent).toContain(
        'Ask for the stems.',
      ),
    );
    expect(api.requests.find((r) => r.method === 'POST' && r.url.pathname.endsWith('/notes'))?.body).toEqual({
      body: 'Ask for the stems.',
    });
    expect(
      (within(panel).getByRole('textbox', { name: 'New private note' }) as HTMLTextAreaElement).value,
    ).toBe('');
  });

  it('shows a refusal in the server’s words, and an empty list of notes as such', async () => {
    mockApi(
      answerReview({
        item,
        notes: [],
        other: ({ method, url }) =>
          method === 'POST' && url.pathname.endsWith('/rating')
            ? { status: 400, body: { success: false, error: RATING_OUT_OF_RANGE } }
            : undefined,
      }),
    );
    renderStaffPage(SubmissionDetailsPage, '/details/:submissionId', path);
    const panel = await screen.findByRole('region', { name: 'Private review' });
    expect(await within(panel).findByText('No notes yet.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('radio', { name: '2 out of 5' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(RATING_OUT_OF_RANGE);
  });
});
