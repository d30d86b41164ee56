import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithPlayer, setUpPlayerTests } from '../../../components/player/player-test-helpers';
import { detail, listAnswer, mockApi, row } from './board-test-helpers';
import { ListenToPendingButton } from './listen-to-pending-button';
import { SubmissionPlayer } from './submission-player';

const ctx = setUpPlayerTests();

const ids = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
];
const preview = (n: number) => ({
  trackTitle: `Track ${n}`,
  url: `/files/${ids[n]}?signature=${n}`,
  peaks: null,
});

describe('Listen to pending', () => {
  it('plays the pending submissions of the view, oldest promise first, skipping those without audio', async () => {
    const api = mockApi(({ url }) => {
      if (url.pathname === '/api/board/items')
        return {
          status: 200,
          body: listAnswer([
            row({ itemId: ids[0], releaseTitle: 'Oldest', artistName: 'Ada', preview: preview(0) }),
            row({ itemId: ids[1], releaseTitle: 'No audio', artistName: 'Ben', preview: null }),
            row({
              itemId: ids[2],
              releaseTitle: '',
              uploadType: 'new-music',
              artistName: 'Cy',
              preview: preview(2),
            }),
          ]),
        };
      return { status: 404, body: { success: false, error: 'not here' } };
    });
    const user = userEvent.setup();
    renderWithPlayer(
      <ListenToPendingButton view={{ q: 'tide', status: 'approved', sort: 'newest' }} />,
      ctx.store,
    );
    await user.click(screen.getByRole('button', { name: 'Listen to pending' }));
    await waitFor(() => expect(ctx.store.getState().items).toHaveLength(2));

    const asked = api.requests.find((request) => request.url.pathname === '/api/board/items')?.url;
    // The view's search, with Pending and the promise's order (longest waiting) in place of its own.
    expect(Object.fromEntries(asked?.searchParams ?? [])).toMatchObject({
      q: 'tide',
      status: 'pending',
      sort: 'age',
      limit: '100',
    });
    expect(ctx.store.getState().items).toEqual([
      {
        submissionId: ids[0],
        trackTitle: 'Track 0',
        artistName: 'Ada',
        releaseTitle: 'Oldest',
        audioUrl: preview(0).url,
      },
      {
        submissionId: ids[2],
        trackTitle: 'Track 2',
        artistName: 'Cy',
        releaseTitle: 'Untitled release',
        audioUrl: preview(2).url,
      },
    ]);
    expect(ctx.store.getState()).toMatchObject({
      index: 0,
      playing: true,
      options: { label: 'Pending submissions', decisions: true },
    });
  });

  it('says so when nothing pending has audio', async () => {
    mockApi(() => ({ status: 200, body: listAnswer([row({ itemId: ids[1], preview: null })]) }));
    const user = userEvent.setup();
    renderWithPlayer(<ListenToPendingButton view={{}} />, ctx.store);
    await user.click(screen.getByRole('button', { name: 'Listen to pending' }));
    expect((await screen.findByRole('status')).textContent).toBe('No pending submission has audio to play.');
    expect(ctx.store.getState().items).toEqual([]);
  });
});

describe("the submission's tracks", () => {
  it('lists every track at the top of the page and plays each in the docked player, the rest after it', async () => {
    const item = detail();
    mockApi(() => ({ status: 200, body: { success: true, item } }));
    const user = userEvent.setup();
    renderWithPlayer(<SubmissionPlayer item={item} />, ctx.store);
    const listen = screen.getByRole('region', { name: 'Listen' });
    expect(
      within(listen)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual(['1. Night Bus3:12', '2. First Light3:21']);

    await user.click(within(listen).getByRole('button', { name: 'Play First Light' }));
    expect(ctx.store.getState().items.map((entry) => entry.trackTitle)).toEqual(['Night Bus', 'First Light']);
    expect(ctx.store.getState().index).toBe(1);
    expect(ctx.store.getState().items[1]).toMatchObject({
      submissionId: item.itemId,
      trackId: item.tracks[1]?.trackId,
      audioUrl: item.tracks[1]?.audio?.url,
      artworkUrl: item.artwork?.url,
    });
    // The single's own cover for its track.
    expect(ctx.store.getState().items[0]?.artworkUrl).toBe(item.tracks[0]?.customArtwork?.url);
    const pause = within(listen).getByRole('button', { name: 'Pause First Light' });
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    await user.click(pause);
    expect(ctx.store.getState().playing).toBe(false);
    await user.click(within(listen).getByRole('button', { name: 'Play all (2)' }));
    expect(ctx.store.getState()).toMatchObject({ index: 0, playing: true });
    act(() => ctx.store.stop());
  });
});
