import { Suspense } from 'react';
import { RequireRole } from '../auth/require-role';
import { PageLoading } from '../components/page-loading';
import { PlayerProvider } from '../components/player/player-context';

/**
 * The staff console's pages, behind the staff role, with one player for them all (the docked
 * player): a track keeps playing from the board to a submission and back. The pages' own Suspense
 * boundary sits inside the player, so a page whose code is still loading leaves the player mounted.
 */
export function StaffArea() {
  return (
    <PlayerProvider>
      <Suspense fallback={<PageLoading />}>
        <RequireRole userRole="staff" />
      </Suspense>
    </PlayerProvider>
  );
}
