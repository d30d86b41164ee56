import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ArtistDecision,
  FEEDBACK_RATING_CLOSED,
  FEEDBACK_RATING_OUT_OF_RANGE,
  type Submission,
} from '../../../../domain';
import {
  ITEM_IDS,
  imageMappingFor,
  mockApi,
  renderArtistPage,
  submission,
} from '../common/artist-test-helpers';
import { SubmissionPage } from '../submission-page';

afterEach(() => vi.restoreAllMocks());

const itemId = ITEM_IDS.rejected;

function decision(overrides: Partial<ArtistDecision> = {}): ArtistDecision {
  return {
    decisionId: '41',
    kind: 'decline',
    status: 'rejected',
    message: 'Not the right fit for our roster this season.',
    points: [],
    decidedAt: '2026-11-20T12:00:00.000Z',
    changeableUntil: '2026-12-04T12:00:00.000Z',
    changeable: true,
    feedbackRating: null,
    ...overrides,
  };
}

/** The submission page's answers, and the rating route's: the decision with what was sent. */
function serve(answer: Submission) {
  return mockApi(({ url, method, body }) => {
    if (url.pathname === '/files/optimized/image-mapping.json')
      return { status: 200, body: imageMappingFor(url) };
    if (method === 'PUT') {
      const sent = body as { rating: number; comment: string | null };
      const rated = decision({
        feedbackRating: { stars: sent.rating, comment: sent.comment, ratedAt: '2026-11-21T09:00:00.000Z' },
      });
      return { status: 200, body: { success: true, decision: rated } };
    }
    return { status: 200, body: { success: true, submission: answer } };
  });
}

const open = (hash = '') =>
  renderArtistPage(SubmissionPage, '/submission/:id', `/submission/${itemId}${hash}`);

describe('rating an answer', () => {
  it('shows the decision with its message, and saves 1–5 stars with a comment', async () => {
    const api = serve(submission({ itemId, status: 'rejected', decisions: [decision()] }));
    open();
    const answers = await screen.findByRole('region', { name: 'Answers from Imprint' });
    expect(within(answers).getByRole('heading', { level: 3 }).textContent).toMatch(
      /^Rejected · November 20, 2026$/,
    );
    expect(answers.textContent).toContain('Not the right fit for our roster this season.');
    const block = within(answers).getByRole('group', { name: 'Rate this answer' });
    expect(block.id).toBe('rate-41');
    expect(block.textContent).toMatch(/You can change it until December [45], 2026\./);

    for (const name of [
      '1 of 5 stars: Not helpful',
      '3 of 5 stars: Somewhat helpful',
      '5 of 5 stars: Very helpful',
    ])
      expect(within(block).getByRole('radio', { name })).toBeTruthy();
    // A click on the star's radio (userEvent's pointer moves find no layout in jsdom, so MUI reads no star).
    fireEvent.click(within(block).getByRole('radio', { name: '4 of 5 stars: Helpful' }));
    await userEvent.type(
      within(block).getByRole('textbox', { name: 'Comment (optional)' }),
      'Kind and clear',
    );
    await userEvent.click(within(block).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(block.textContent).toContain('Your rating is saved. Thank you!'));
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.url.pathname).toBe(`/api/profile/submissions/${itemId}/decisions/41/rating`);
    expect(put?.body).toEqual({ rating: 4, comment: 'Kind and clear' });
    expect((within(block).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for stars before saving, in words', async () => {
    const api = serve(submission({ itemId, status: 'rejected', decisions: [decision()] }));
    open();
    const block = await screen.findByRole('group', { name: 'Rate this answer' });
    await userEvent.click(within(block).getByRole('button', { name: 'Save' }));
    expect(within(block).getByRole('alert').textContent).toBe(FEEDBACK_RATING_OUT_OF_RANGE);
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('shows the rating read-only once the 14 days are over', async () => {
    serve(
      submission({
        itemId,
        status: 'rejected',
        decisions: [
          decision({
            changeable: false,
            feedbackRating: {
              stars: 3,
              comment: 'A reason would help.',
              ratedAt: '2026-11-21T09:00:00.000Z',
            },
          }),
        ],
      }),
    );
    open();
    const block = await screen.findByRole('group', { name: 'Rate this answer' });
    expect(block.textContent).toContain('Your rating: 3 of 5 stars: Somewhat helpful');
    expect(block.textContent).toContain('Your comment: A reason would help.');
    expect(block.textContent).toContain(FEEDBACK_RATING_CLOSED);
    expect(within(block).queryByRole('radio')).toBeNull();
    expect(within(block).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('focuses the block the address names (#rate-<id>, the decision mail’s link)', async () => {
    serve(submission({ itemId, status: 'rejected', decisions: [decision()] }));
    open('#rate-41');
    const block = await screen.findByRole('group', { name: 'Rate this answer' });
    await waitFor(() => expect(document.activeElement).toBe(block));
  });

  it("lists a change request's marked fields with their notes", async () => {
    serve(
      submission({
        itemId,
        status: 'rejected',
        decisions: [
          decision({
            kind: 'request_changes',
            status: 'changes_requested',
            message: null,
            points: [{ label: 'The artwork', note: 'Please remove the watermark.' }],
          }),
        ],
      }),
    );
    open();
    const answers = await screen.findByRole('region', { name: 'Answers from Imprint' });
    expect(within(answers).getByRole('listitem').textContent).toBe(
      'The artwork: Please remove the watermark.',
    );
    expect(answers.textContent).not.toContain('No message came with this decision.');
  });

  it('shows no answers section before any decision', async () => {
    serve(submission({ itemId, status: 'pending', decisions: [] }));
    open();
    await screen.findByRole('heading', { level: 1, name: 'Paper Planes' });
    expect(screen.queryByRole('region', { name: /^Answers from/ })).toBeNull();
  });
});
