import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { usePlayer } from './player-context';
import type { PlayerStore } from './player-store';
import { endTrack, queueItems, renderWithPlayer, setUpPlayerTests } from './player-test-helpers';

const ctx = setUpPlayerTests();

const audioOf = (from: PlayerStore) => from.audio() as HTMLAudioElement;
const currentTitle = () => ctx.store.getState().items[ctx.store.getState().index]?.trackTitle;

describe('the player store', () => {
  it('plays a queue in order, with next and previous, and goes on to the next track when one ends', () => {
    expect(ctx.store.audio()).toBeNull();
    ctx.store.play(queueItems(), 0, { label: 'Pending submissions', decisions: true });
    const audio = audioOf(ctx.store);
    // One element for the console, made on the first play.
    expect(audio.isConnected).toBe(true);
    expect(audio.dataset.testid).toBe('player-audio');
    expect(audio.getAttribute('src')).toBe(queueItems()[0]?.audioUrl);
    expect(ctx.store.getState()).toMatchObject({ index: 0, playing: true, options: { decisions: true } });

    ctx.store.next();
    expect(currentTitle()).toBe('Bravo Track');
    expect(audio.getAttribute('src')).toBe(queueItems()[1]?.audioUrl);
    ctx.store.previous();
    expect(currentTitle()).toBe('Alpha Track');
    ctx.store.previous(); // nothing before the first
    expect(currentTitle()).toBe('Alpha Track');

    // Auto-advance: a track that ends starts the next; the last one ending stops.
    endTrack(audio);
    expect(currentTitle()).toBe('Bravo Track');
    expect(ctx.store.getState().playing).toBe(true);
    endTrack(audio);
    expect(currentTitle()).toBe('Charlie Track');
    endTrack(audio);
    expect(currentTitle()).toBe('Charlie Track');
    expect(ctx.store.getState().playing).toBe(false);
    ctx.store.next(); // nothing after the last
    expect(currentTitle()).toBe('Charlie Track');
  });

  it('starts where asked, toggles, seeks within the track and stops', () => {
    ctx.store.play(queueItems(), 2);
    const audio = audioOf(ctx.store);
    expect(currentTitle()).toBe('Charlie Track');
    ctx.store.toggle();
    expect(ctx.store.getState().playing).toBe(false);
    ctx.store.toggle();
    expect(ctx.store.getState().playing).toBe(true);
    Object.defineProperty(audio, 'duration', { configurable: true, value: 30 });
    ctx.store.seek(12);
    expect(audio.currentTime).toBe(12);
    ctx.store.seek(99);
    expect(audio.currentTime).toBe(30);
    ctx.store.stop();
    expect(ctx.store.getState().items).toEqual([]);
    expect(audio.hasAttribute('src')).toBe(false);
    expect(ctx.session.playbackState).toBe('none');
  });

  it('drops a decided submission and plays what followed it; the last one decided stops the queue', () => {
    ctx.store.play(queueItems(), 1, { decisions: true });
    ctx.store.advancePast(queueItems()[1]?.submissionId ?? '');
    expect(ctx.store.getState().items.map((item) => item.trackTitle)).toEqual([
      'Alpha Track',
      'Charlie Track',
    ]);
    expect(currentTitle()).toBe('Charlie Track');
    expect(audioOf(ctx.store).getAttribute('src')).toBe(queueItems()[2]?.audioUrl);

    // Decided while another played: that one plays on.
    ctx.store.advancePast(queueItems()[0]?.submissionId ?? '');
    expect(currentTitle()).toBe('Charlie Track');
    expect(ctx.store.getState().index).toBe(0);

    ctx.store.advancePast(queueItems()[2]?.submissionId ?? '');
    expect(ctx.store.getState().items).toEqual([]);
  });

  it('plays one sound at a time: another player on the page pauses it, and it pauses the others', () => {
    const preview = document.createElement('audio');
    document.body.append(preview);
    ctx.store.play(queueItems());
    void preview.play();
    expect(ctx.store.getState().playing).toBe(false);
    ctx.store.toggle();
    expect(preview.paused).toBe(true);
    expect(ctx.store.getState().playing).toBe(true);
    preview.remove();
  });

  it('tells the Media Session the playback state and takes its buttons', () => {
    ctx.store.play(queueItems());
    const audio = audioOf(ctx.store);
    expect(ctx.session.playbackState).toBe('playing');
    ctx.session.handlers.get('nexttrack')?.({ action: 'nexttrack' });
    expect(currentTitle()).toBe('Bravo Track');
    ctx.session.handlers.get('previoustrack')?.({ action: 'previoustrack' });
    expect(currentTitle()).toBe('Alpha Track');
    ctx.session.handlers.get('pause')?.({ action: 'pause' });
    expect(ctx.session.playbackState).toBe('paused');
    ctx.session.handlers.get('play')?.({ action: 'play' });
    expect(ctx.session.playbackState).toBe('playing');
    Object.defineProperty(audio, 'duration', { configurable: true, value: 30 });
    ctx.session.handlers.get('seekto')?.({ action: 'seekto', seekTime: 20 });
    expect(audio.currentTime).toBe(20);
  });

  it('says when a track cannot be played', async () => {
    vi.mocked(HTMLMediaElement.prototype.play).mockImplementation(() =>
      Promise.reject(new DOMException('no', 'NotSupportedError')),
    );
    ctx.store.play(queueItems());
    await vi.waitFor(() => expect(ctx.store.getState().error).toBe('This track could not be played.'));
    expect(ctx.store.getState().playing).toBe(false);
  });
});

function Controls() {
  const player = usePlayer();
  return (
    <div>
      <p>
        {player.current ? `${player.current.trackTitle} ${player.playing ? 'playing' : 'paused'}` : 'nothing'}
      </p>
      <button type="button" onClick={() => player.play(queueItems())}>
        Play queue
      </button>
      <button type="button" onClick={player.next}>
        Next
      </button>
      <button type="button" onClick={player.toggle}>
        Toggle
      </button>
    </div>
  );
}

describe('usePlayer', () => {
  it('gives pages the current item and the controls, the same player from any page', async () => {
    const user = userEvent.setup();
    const view = renderWithPlayer(<Controls />, ctx.store);
    expect(screen.getByText('nothing')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Play queue' }));
    expect(screen.getByText('Alpha Track playing')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Bravo Track playing')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(screen.getByText('Bravo Track paused')).toBeTruthy();
    // The docked player shows it.
    expect(await screen.findByRole('region', { name: 'Player' })).toBeTruthy();
    act(() => ctx.store.stop());
    expect(screen.getByText('nothing')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
    view.unmount();
  });

  it('stops when the console is left: no provider mounted again after the last one goes', async () => {
    const view = renderWithPlayer(<Controls />, ctx.store);
    act(() => ctx.store.play(queueItems()));
    view.unmount();
    expect(ctx.store.getState().playing).toBe(true);
    await vi.waitFor(() => expect(ctx.store.getState().items).toEqual([]));
  });
});
