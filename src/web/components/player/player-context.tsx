import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import {
  EMPTY_PLAYER_STATE,
  type PlayerItem,
  type PlayerQueueOptions,
  type PlayerStore,
  playerStore,
} from './player-store';

export type { PlayerItem, PlayerQueueOptions };

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

const PlayerContext = createContext<PlayerStore | null>(null);

// The docked player's code (MUI's slider, its icons, the decisions) loads with the first track played.
const DockedPlayer = lazy(async () => ({ default: (await import('./docked-player')).DockedPlayer }));

function usePlayerFrom(store: PlayerStore): PlayerDetails {
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

let mounted = 0;

/**
 * The staff console's player for the pages below it, with the docked player while something is
 * loaded. The queue lives in `playerStore`, outside React: the layout mounts the pages afresh on
 * every navigation, and the music goes on through that. Leaving the console (a public page, a
 * sign-out) stops it.
 */
export function PlayerProvider({
  children,
  store = playerStore,
}: {
  children: ReactNode;
  store?: PlayerStore;
}) {
  const player = usePlayerFrom(store);

  useEffect(() => {
    mounted += 1;
    return () => {
      mounted -= 1;
      // A navigation inside the console unmounts this provider and mounts the next page's in the
      // same commit; only when none is back after it has the reader left the console.
      setTimeout(() => {
        if (mounted === 0) store.stop();
      }, 0);
    };
  }, [store]);

  return (
    <PlayerContext.Provider value={store}>
      {children}
      {player.current && (
        <Suspense fallback={null}>
          <DockedPlayer />
        </Suspense>
      )}
    </PlayerContext.Provider>
  );
}
