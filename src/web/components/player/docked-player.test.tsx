import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BoardItemDetail } from '../../../domain';
import {
  answerReview,
  decisionTemplate,
  detail,
  jpegVariantOf,
  mockApi,
} from '../../pages/staff/board/board-test-helpers';
import { queueItems, renderWithPlayer, setDuration, setUpPlayerTests } from './player-test-helpers';

const ctx = setUpPlayerTests();

const details = queueItems().map((item) =>
  detail({ itemId: item.submissionId, artistName: item.artistName, releaseTitle: item.releaseTitle }),
);

function answerFor(item: BoardItemDetail | undefined, decided: Set<string>) {
  return answerReview({
    item,
    templates: [
      decisionTemplate({
        kind: 'decline',
        name: 'Not for us',
        templateId: '6c1e2f7c-3333-4a2b-8c3d-5e6f7a8b9c09',
      }),
    ],
    other: ({ method, url }) => {
      const itemId = /\/api\/board\/items\/([^/]+)/.exec(url.pathname)?.[1];
      const found = details.find((entry) => entry.itemId === itemId);
      if (method === 'POST' && url.pathname.endsWith('/status') && found) {
        decided.add(found.itemId);
        return {
          status: 200,
          body: { success: true, item: { ...found, status: 'rejected', nextStatuses: [] } },
        };
      }
      if (url.pathname.endsWith('/decision-message'))
        return {
          status: 200,
          body: {
            success: true,
            templateId: '6c1e2f7c-3333-4a2b-8c3d-5e6f7a8b9c09',
            kind: 'decline',
            name: 'Not for us',
            message: 'Not this time.',
          },
        };
      if (method === 'GET' && found && url.pathname === `/api/board/items/${found.itemId}`)
        return { status: 200, body: { success: true, item: found } };
      return undefined;
    },
  });
}

// The decision dialog loads on first use; loaded once here, so a slow machine's import is not
// what a test waits for.
beforeAll(async () => {
  await Promise.all([
    import('./docked-player'),
    import('../../pages/staff/board/decision-dialog'),
    import('../../pages/staff/board/triage-help-dialog'),
  ]);
});

async function dockedPlayer() {
  return screen.findByRole('region', { name: 'Player' });
}

describe('the docked player', () => {
  it('shows the track with labelled controls: play and pause, next and previous, seek, close', async () => {
    mockApi(answerFor(details[0], new Set()));
    const user = userEvent.setup();
    renderWithPlayer(<p>The board</p>, ctx.store);
    act(() => ctx.store.play(queueItems()));
    const player = await dockedPlayer();
    const audio = ctx.store.audio() as HTMLAudioElement;

    expect(within(player).getByRole('link', { name: 'Alpha Track' }).getAttribute('href')).toBe(
      `/details/${queueItems()[0]?.submissionId}`,
    );
    expect(player.textContent).toContain('Alpha Artist · Alpha Release');
    // The submission's artwork, through its variants, as the thumbnail.
    await waitFor(() =>
      expect(within(player).getByRole('img', { name: 'Artwork of Alpha Release' }).getAttribute('src')).toBe(
        jpegVariantOf(details[0]?.artwork?.url),
      ),
    );

    await user.click(within(player).getByRole('button', { name: 'Pause' }));
    expect(audio.paused).toBe(true);
    await user.click(within(player).getByRole('button', { name: 'Play' }));
    expect(audio.paused).toBe(false);

    expect(
      (within(player).getByRole('button', { name: 'Previous track' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(within(player).getByRole('button', { name: 'Next track' }));
    expect(within(player).getByRole('link', { name: 'Bravo Track' })).toBeTruthy();
    await user.click(within(player).getByRole('button', { name: 'Next track' }));
    expect((within(player).getByRole('button', { name: 'Next track' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(within(player).getByRole('button', { name: 'Previous track' }));
    expect(within(player).getByRole('link', { name: 'Bravo Track' })).toBeTruthy();

    // The seek bar: its length once known, the time as words, and a move puts the track there.
    act(() => setDuration(audio, 200));
    const seek = within(player).getByRole('slider', { name: 'Position in Bravo Track' });
    expect(player.textContent).toContain('3:20');
    fireEvent.change(seek, { target: { value: 90 } });
    fireEvent.mouseUp(seek);
    await waitFor(() => expect(audio.currentTime).toBe(90));
    act(() => {
      audio.dispatchEvent(new Event('timeupdate'));
    });
    expect(seek.getAttribute('aria-valuetext')).toBe('1:30 of 3:20');
    expect(ctx.session.positions.at(-1)).toMatchObject({ duration: 200 });

    // While docked, the page ends above it; closed, the padding goes with it.
    expect(document.body.style.paddingBottom).toMatch(/px$/);
    expect(document.documentElement.style.getPropertyValue('--docked-player-height')).toMatch(/px$/);
    await user.click(within(player).getByRole('button', { name: 'Close the player' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Player' })).toBeNull());
    expect(document.body.style.paddingBottom).toBe('');
    expect(ctx.store.getState().items).toEqual([]);
  });

  it('names the track on the lock screen: title, artist, album and the artwork’s JPEGs', async () => {
    mockApi(answerFor(details[0], new Set()));
    renderWithPlayer(<p>The board</p>, ctx.store);
    act(() => ctx.store.play(queueItems()));
    await dockedPlayer();
    await waitFor(() => expect(ctx.session.metadata?.artwork?.length).toBe(2));
    expect(ctx.session.metadata).toMatchObject({
      title: 'Alpha Track',
      artist: 'Alpha Artist',
      album: 'Alpha Release',
    });
    expect(ctx.session.metadata?.artwork?.[0]).toMatchObject({ sizes: '80x80', type: 'image/jpeg' });
    expect(ctx.session.playbackState).toBe('playing');
  });

  it('lists the queue in a panel, the current one marked, and plays the one chosen', async () => {
    mockApi(answerFor(details[0], new Set()));
    const user = userEvent.setup();
    renderWithPlayer(<p>The board</p>, ctx.store);
    act(() => ctx.store.play(queueItems(), 0, { label: 'Pending submissions', decisions: true }));
    const player = await dockedPlayer();
    const toggle = within(player).getByRole('button', { name: 'Queue, 3 tracks' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const queue = within(player).getByRole('region', { name: 'Pending submissions (3)' });
    const entries = within(queue).getAllByRole('button');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      '1.Alpha Release · Alpha Track · Alpha Artist (playing)',
      '2.Bravo Release · Bravo Track · Bravo Artist',
      '3.Charlie Release · Charlie Track · Charlie Artist',
    ]);
    expect(entries[0]?.getAttribute('aria-current')).toBe('true');
    await user.click(entries[2] as HTMLElement);
    expect(within(player).getByRole('link', { name: 'Charlie Track' })).toBeTruthy();
    expect(within(queue).getAllByRole('button')[2]?.getAttribute('aria-current')).toBe('true');
  });

  it('takes the board’s keys for the listening queue and moves on once a decision is sent', async () => {
    const decided = new Set<string>();
    const api = mockApi(answerFor(undefined, decided));
    const user = userEvent.setup();
    // The board's own listener, which leaves the keys the queue took.
    const boardKeys: string[] = [];
    const board = (event: KeyboardEvent) => {
      if (!event.defaultPrevented) boardKeys.push(event.key);
    };
    document.addEventListener('keydown', board);
    renderWithPlayer(<p>The board</p>, ctx.store);
    act(() => ctx.store.play(queueItems(), 0, { label: 'Pending submissions', decisions: true }));
    const player = await dockedPlayer();
    const decisions = within(player).getByRole('group', { name: 'Decision on this submission' });
    expect(
      within(decisions)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-keyshortcuts')),
    ).toEqual(['a', 'd', 'c']);

    await user.keyboard('j');
    expect(within(player).getByRole('link', { name: 'Bravo Track' })).toBeTruthy();
    await user.keyboard('j');
    await user.keyboard('k');
    expect(within(player).getByRole('link', { name: 'Bravo Track' })).toBeTruthy();
    await user.keyboard(' ');
    expect(ctx.store.getState().playing).toBe(false);
    await user.keyboard(' ');
    expect(ctx.store.getState().playing).toBe(true);
    expect(boardKeys).toEqual([]);

    // d: Bravo's decline, in the board's decision dialog with its templates.
    await user.keyboard('d');
    const dialog = await screen.findByRole('dialog', { name: /^Decline: Bravo Release/ });
    const status = await within(dialog).findByRole('radio', { name: 'Rejected' });
    expect((status as HTMLInputElement).checked).toBe(true);
    // Keys typed in the dialog are the dialog's.
    await user.keyboard('j');
    expect(ctx.store.getState().index).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Set to Rejected' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(decided).toEqual(new Set([queueItems()[1]?.submissionId]));
    expect(api.requests.find((request) => request.method === 'POST')?.url.pathname).toBe(
      `/api/board/items/${queueItems()[1]?.submissionId}/status`,
    );
    // Bravo leaves the queue; Charlie, which followed it, plays.
    expect(within(player).getByRole('link', { name: 'Charlie Track' })).toBeTruthy();
    expect(within(player).getByRole('button', { name: 'Queue, 2 tracks' })).toBeTruthy();

    // A dialog closed without a decision leaves the queue as it was.
    await user.keyboard('a');
    const approve = await screen.findByRole('dialog', { name: /^Approve: Charlie Release/ });
    await user.click(within(approve).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(player).getByRole('link', { name: 'Charlie Track' })).toBeTruthy();
    document.removeEventListener('keydown', board);
  }, 60_000);

  it('leaves the keys to the page and offers no decision for a plain list of tracks', async () => {
    mockApi(answerFor(details[0], new Set()));
    const user = userEvent.setup();
    const keys: string[] = [];
    const page = (event: KeyboardEvent) => {
      if (!event.defaultPrevented) keys.push(event.key);
    };
    document.addEventListener('keydown', page);
    renderWithPlayer(<p>A submission</p>, ctx.store);
    act(() => ctx.store.play(queueItems().slice(0, 1)));
    const player = await dockedPlayer();
    expect(within(player).queryByRole('group', { name: 'Decision on this submission' })).toBeNull();
    // One track: no previous, next or queue.
    expect(within(player).queryByRole('button', { name: 'Next track' })).toBeNull();
    await user.keyboard('j');
    expect(keys).toEqual(['j']);
    document.removeEventListener('keydown', page);
  });
});
