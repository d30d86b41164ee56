import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail, mockApi, renderStaffPage, timelineEvent } from './board-test-helpers';
import { TimelineList } from './timeline-list';

afterEach(() => vi.restoreAllMocks());

const item = detail();

const newest = [
  timelineEvent({
    eventId: '9',
    type: 'mail_queued',
    label: 'Mail queued',
    actor: null,
    toStatus: null,
    data: {
      to: 'maya@example.com',
      subject: 'Your submission "First Light": Rejected',
      purpose: 'status_change',
    },
    createdAt: '2026-11-25T10:00:01.000Z',
  }),
  timelineEvent({
    eventId: '8',
    type: 'status_changed',
    label: 'Status changed',
    actor: 'Sam Staff',
    fromStatus: 'pending',
    toStatus: 'rejected',
    message: 'Not the right fit for us.',
    templateId: 't1',
    data: { decision: 'decline', templateName: 'Not the right fit' },
    createdAt: '2026-11-25T10:00:00.000Z',
  }),
  timelineEvent({
    eventId: '7',
    type: 'resubmitted',
    label: 'Changes sent back for review',
    actor: 'Maya Rivers',
    fromStatus: 'changes_requested',
    toStatus: 'pending',
    data: {
      round: 1,
      changed: ['The artwork'],
      unchanged: ['The release date'],
      comment: 'New cover attached.',
    },
    createdAt: '2026-11-24T10:00:00.000Z',
  }),
];

const older = [
  timelineEvent({
    eventId: '6',
    type: 'changes_requested',
    label: 'Changes requested',
    actor: 'Sam Staff',
    fromStatus: 'pending',
    toStatus: 'changes_requested',
    message: 'Two small things.',
    data: { round: 1, fields: ['The artwork', 'The release date'], templateName: 'A few fixes' },
    createdAt: '2026-11-23T10:00:00.000Z',
  }),
  timelineEvent({
    eventId: '5',
    type: 'note_added',
    label: 'Private note added',
    actor: 'Sam Staff',
    toStatus: null,
    data: { noteId: 'n1', body: 'Strong chorus.' },
    createdAt: '2026-11-22T10:00:00.000Z',
  }),
  timelineEvent({
    eventId: '4',
    type: 'rating_changed',
    label: 'Rating changed',
    actor: 'Sam Staff',
    toStatus: null,
    data: { from: 2, to: 4 },
    createdAt: '2026-11-21T12:00:00.000Z',
  }),
  timelineEvent({
    eventId: '3',
    type: 'assigned',
    label: 'Reviewer assigned',
    actor: 'Sam Staff',
    toStatus: null,
    data: { from: null, to: 'u1', assignee: 'Sam Staff' },
    createdAt: '2026-11-21T11:00:00.000Z',
  }),
  timelineEvent({ eventId: '1', createdAt: '2026-11-20T14:05:00.000Z' }),
];

describe('the timeline', () => {
  it('says what, who and when for every event, newest first, and loads more a page at a time', async () => {
    const api = mockApi(({ url }) =>
      url.searchParams.get('cursor') === 'page-2'
        ? { status: 200, body: { success: true, events: older, nextCursor: null, total: 8 } }
        : { status: 200, body: { success: true, events: newest, nextCursor: 'page-2', total: 8 } },
    );
    renderStaffPage(
      () => <TimelineList itemId={item.itemId} />,
      '/details/:submissionId',
      `/details/${item.itemId}`,
    );
    const list = await screen.findByRole('list', { name: 'Events, newest first' });
    const entries = () => within(list).getAllByRole('listitem');
    expect(entries()).toHaveLength(3);
    expect(api.requests[0]?.url.pathname).toBe(`/api/board/items/${item.itemId}/timeline`);
    expect(api.requests[0]?.url.searchParams.get('limit')).toBe('20');
    const [mail, declined, resubmitted] = entries();
    expect(mail?.textContent).toContain('Mail queued: the status e-mail to maya@example.com');
    expect(mail?.textContent).toContain('By the system');
    expect(mail?.textContent).toContain('Subject: Your submission "First Light": Rejected');
    expect(declined?.textContent).toContain('Status changed from Pending to Rejected');
    expect(declined?.textContent).toContain('By Sam Staff · Nov 25, 2026');
    expect(declined?.textContent).toContain('Template: Not the right fit');
    expect(declined?.textContent).toContain('Message to the artist:Not the right fit for us.');
    expect(declined?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-25T10:00:00.000Z');
    expect(resubmitted?.textContent).toContain('Changes sent back for review (round 1)');
    expect(resubmitted?.textContent).toContain('Changed: The artwork');
    expect(resubmitted?.textContent).toContain('Sent back unchanged: The release date');
    expect(resubmitted?.textContent).toContain("The artist's comment:New cover attached.");
    expect(screen.getByText('Showing 3 of 8 events')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries()).toHaveLength(8));
    expect(api.requests.at(-1)?.url.searchParams.get('cursor')).toBe('page-2');
    const texts = entries().map((entry) => entry.textContent ?? '');
    expect(texts[3]).toContain('Changes requested (round 1)');
    expect(texts[3]).toContain('Marked: The artwork; The release date');
    expect(texts[4]).toContain('Private note:Strong chorus.');
    expect(texts[5]).toContain('Rated 4 out of 5');
    expect(texts[5]).toContain('Before: 2 out of 5');
    expect(texts[6]).toContain('Assigned to Sam Staff');
    expect(texts[7]).toContain('Submitted');
    expect(texts[7]).toContain('By the artist, through the submission form');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when nothing is recorded, and offers Retry when the timeline cannot be loaded', async () => {
    let calls = 0;
    mockApi(() =>
      ++calls === 1
        ? { status: 503, body: { success: false, error: 'Service unavailable' } }
        : { status: 200, body: { success: true, events: [], nextCursor: null, total: 0 } },
    );
    renderStaffPage(
      () => <TimelineList itemId={item.itemId} />,
      '/details/:submissionId',
      `/details/${item.itemId}`,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The timeline could not be loaded: Service unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing recorded yet.')).toBeTruthy();
  });
});
