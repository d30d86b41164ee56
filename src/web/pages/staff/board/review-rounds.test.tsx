import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewRound } from '../../../../domain';
import { answerReview, detail, mockApi, renderStaffPage } from './board-test-helpers';
import { ReviewRounds } from './review-rounds';

afterEach(() => vi.restoreAllMocks());

const item = detail();
const trackId = item.tracks[0]?.trackId ?? '';
const OLD_HASH = 'a'.repeat(64);
const NEW_HASH = 'b'.repeat(64);
const link = (fileId: string, disposition: string) =>
  `/files/${fileId}?disposition=${disposition}&expires=1900000000&signature=abcdefghijkl`;

function snapshot(fileId: string, fileName: string, sha256: string) {
  return {
    fileId,
    fileName,
    size: 2_400_000,
    sha256,
    url: link(fileId, 'inline'),
    downloadUrl: link(fileId, 'attachment'),
  };
}

const base: Omit<ReviewRound, 'roundId' | 'number' | 'status'> = {
  fromStatus: 'pending',
  requestedAt: '2026-11-21T10:00:00.000Z',
  requestedBy: 'Sam Staff',
  message: 'Two small things, then we are good.',
  template: { templateId: 't1', name: 'A few fixes' },
  fields: [],
  resubmittedAt: null,
  resubmittedBy: null,
  artistComment: null,
  closedAt: null,
  closedBy: null,
  changes: [],
};

const answered: ReviewRound = {
  ...base,
  roundId: 'r1',
  number: 1,
  status: 'resubmitted',
  fields: [
    { key: 'artwork', field: 'artwork', label: 'The artwork', note: 'Remove the watermark.' },
    {
      key: `trackTitle:${trackId}`,
      field: 'trackTitle',
      trackId,
      label: 'The title of track 1 "Night Bus"',
      note: 'Spelling.',
    },
    {
      key: `trackSplits:${trackId}`,
      field: 'trackSplits',
      trackId,
      label: 'The master splits of track 1 "Night Bus"',
      note: 'Check the shares.',
    },
  ],
  resubmittedAt: '2026-11-22T09:00:00.000Z',
  resubmittedBy: 'Maya Rivers',
  artistComment: 'Fixed both.',
  changes: [
    {
      key: 'artwork',
      field: 'artwork',
      label: 'The artwork',
      changed: true,
      before: snapshot('aaaaaaaa-0000-4000-8000-0000000000c1', 'cover.jpg', OLD_HASH),
      after: snapshot('aaaaaaaa-0000-4000-8000-0000000000c2', 'clean-cover.jpg', NEW_HASH),
    },
    {
      key: `trackTitle:${trackId}`,
      field: 'trackTitle',
      trackId,
      label: 'The title of track 1 "Night Bus"',
      changed: true,
      before: 'Nigth Bus',
      after: 'Night Bus',
    },
    {
      key: `trackSplits:${trackId}`,
      field: 'trackSplits',
      trackId,
      label: 'The master splits of track 1 "Night Bus"',
      changed: false,
      before: {
        hasMasterSplit: true,
        masterSplits: [
          { id: 's1', firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', percentage: 100 },
        ],
      },
      after: {
        hasMasterSplit: true,
        masterSplits: [
          { id: 's1', firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', percentage: 100 },
        ],
      },
    },
  ],
};

const replacedAudio: ReviewRound = {
  ...base,
  roundId: 'r2',
  number: 2,
  status: 'resubmitted',
  template: null,
  message: null,
  fields: [
    {
      key: `trackAudio:${trackId}`,
      field: 'trackAudio',
      trackId,
      label: 'The audio of track 1',
      note: 'Clips.',
    },
  ],
  resubmittedAt: '2026-11-24T09:00:00.000Z',
  resubmittedBy: 'Maya Rivers',
  changes: [
    {
      key: `trackAudio:${trackId}`,
      field: 'trackAudio',
      trackId,
      label: 'The audio of track 1',
      changed: true,
      before: {
        ...snapshot('aaaaaaaa-0000-4000-8000-0000000000d1', 'night-bus.wav', OLD_HASH),
        url: null,
        downloadUrl: null,
      },
      after: snapshot('aaaaaaaa-0000-4000-8000-0000000000d2', 'night-bus-v2.wav', NEW_HASH),
    },
  ],
};

const withdrawn: ReviewRound = {
  ...base,
  roundId: 'r3',
  number: 3,
  status: 'withdrawn',
  fields: [{ key: 'releaseDate', field: 'releaseDate', label: 'The release date', note: 'Later, please.' }],
  closedAt: '2026-11-25T09:00:00.000Z',
  closedBy: 'Sam Staff',
};

const open: ReviewRound = {
  ...base,
  roundId: 'r4',
  number: 4,
  status: 'open',
  fields: [{ key: 'artwork', field: 'artwork', label: 'The artwork', note: 'Brighter.' }],
};

function renderRounds() {
  return renderStaffPage(
    () => <ReviewRounds itemId={item.itemId} />,
    '/details/:submissionId',
    `/details/${item.itemId}`,
  );
}

describe('the rounds of change requests', () => {
  it('shows each round, latest first, with what was marked and, once answered, old → new', async () => {
    const api = mockApi(answerReview({ rounds: [answered, replacedAudio, withdrawn, open] }));
    renderRounds();
    expect(screen.getByRole('status').textContent).toContain('Loading change requests...');
    const rounds = await screen.findAllByRole('article');
    expect(rounds.map((round) => within(round).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Round 4',
      'Round 3',
      'Round 2',
      'Round 1',
    ]);
    expect(api.requests[0]?.url.pathname).toBe(`/api/board/items/${item.itemId}/rounds`);
    expect(rounds[0]?.textContent).toContain('Waiting for the artist');
    expect(rounds[1]?.textContent).toContain('Withdrawn by Sam Staff');

    const first = screen.getByRole('article', { name: 'Round 1' });
    expect(first.textContent).toContain('Answered');
    expect(first.textContent).toContain('Requested by Sam Staff');
    expect(first.textContent).toContain('The submission was Pending · Template: A few fixes');
    expect(first.textContent).toContain('Two small things, then we are good.');
    expect(first.textContent).toContain('Note: Remove the watermark.');
    expect(first.textContent).toContain('Sent back by Maya Rivers');
    expect(first.textContent).toContain('Fixed both.');

    // The replaced artwork: both files side by side, both hashes, both shown, both downloadable.
    const figures = within(first).getAllByRole('figure');
    expect(figures).toHaveLength(2);
    expect(figures[0]?.textContent).toContain('Before');
    expect(figures[0]?.textContent).toContain(OLD_HASH);
    expect(figures[1]?.textContent).toContain('After');
    expect(figures[1]?.textContent).toContain(NEW_HASH);
    expect(
      within(first)
        .getByRole('link', { name: 'Download The artwork, after (clean-cover.jpg)' })
        .getAttribute('href'),
    ).toBe(link('aaaaaaaa-0000-4000-8000-0000000000c2', 'attachment'));
    await within(first).findByRole('img', { name: 'The artwork, before: cover.jpg' });
    expect(within(first).getByRole('img', { name: 'The artwork, after: clean-cover.jpg' })).toBeTruthy();

    // A value: before and after; a field sent back as it was says so.
    expect(first.textContent).toContain('Before: The title of track 1 "Night Bus"Nigth Bus');
    expect(first.textContent).toContain('After: The title of track 1 "Night Bus"Night Bus');
    expect(first.textContent).toContain('Sent back unchanged');
    expect(first.textContent).toContain('Ana Ruiz <ana@example.com>: 100%');

    // Replaced audio: two players, and a file no longer stored says so.
    const second = screen.getByRole('article', { name: 'Round 2' });
    expect(second.textContent).toContain('This file is no longer stored.');
    const players = second.querySelectorAll('audio');
    expect(players).toHaveLength(1);
    expect(players[0]?.getAttribute('aria-label')).toBe('Play The audio of track 1, after: night-bus-v2.wav');
  });

  it('says when no changes were requested, and offers Retry when the rounds cannot be loaded', async () => {
    const { unmount } = (() => {
      mockApi(answerReview({ rounds: [] }));
      return renderRounds();
    })();
    expect(await screen.findByText('No changes have been requested.')).toBeTruthy();
    unmount();
    vi.restoreAllMocks();

    let calls = 0;
    mockApi((request) =>
      request.url.pathname.endsWith('/rounds') && ++calls === 1
        ? { status: 500, body: { success: false, error: 'Something went wrong' } }
        : answerReview({ rounds: [open] })(request),
    );
    renderRounds();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The change requests could not be loaded: Something went wrong');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Round 4' })).toBeTruthy();
  });
});
