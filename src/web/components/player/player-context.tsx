import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { type PlayerStore, playerStore } from './player-store';
import { PlayerContext, usePlayerFrom } from './use-player';

export type { PlayerItem, PlayerQueueOptions } from './player-store';
export { type Player, type PlayerDetails, usePlayer, usePlayerDetails } from './use-player';

// The docked player's code (MUI's slider, its icons, the decisions) loads with the first track played.
const DockedPlayer = lazy(async () => ({ default: (await import('./docked-player')).DockedPlayer }));

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
