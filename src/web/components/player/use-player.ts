import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import {
  EMPTY_PLAYER_STATE,
  type PlayerItem,
  type PlayerQueueOptions,
  type PlayerStore,
  playerStore,
} from './player-store';

export interface Player {
  current: PlayerItem | null;
  playing: boolean;
  play(items: PlayerItem[], startAt?: number, options?: PlayerQueueOptions): void;
  toggle(): void;
  next(): void;
  previous(): void;
  stop(): void;
}

/** The rest of the player, for the docked player and its queue panel. */
export interface PlayerDetails extends Player {
  items: readonly PlayerItem[];
  index: number;
  options: PlayerQueueOptions;
  error: string | null;
  playAt(index: number): void;
  seek(seconds: number): void;
  advancePast(submissionId: string): void;
  /** The one audio element, once something was played. */
  audio(): HTMLAudioElement | null;
}

/** The store of the nearest `PlayerProvider` (player-context.tsx). */
export const PlayerContext = createContext<PlayerStore | null>(null);

export function usePlayerFrom(store: PlayerStore): PlayerDetails {
  const state = useSyncExternalStore(store.subscribe, store.getState, () => EMPTY_PLAYER_STATE);
  return useMemo(
    () => ({
      current: state.items[state.index] ?? null,
      playing: state.playing,
      items: state.items,
      index: state.index,
      options: state.options,
      error: state.error,
      play: store.play,
      playAt: store.playAt,
      toggle: store.toggle,
      next: store.next,
      previous: store.previous,
      stop: store.stop,
      seek: store.seek,
      advancePast: store.advancePast,
      audio: store.audio,
    }),
    [store, state],
  );
}

/**
 * The staff console's player: one queue, one audio element, kept across the console's pages.
 * Outside a `PlayerProvider` (a page rendered alone in a test) it is the app's one player still,
 * without the docked player to show it.
 */
export function usePlayer(): Player {
  return usePlayerDetails();
}

export function usePlayerDetails(): PlayerDetails {
  return usePlayerFrom(useContext(PlayerContext) ?? playerStore);
}
