import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../api/session';
import { usePublicConfig } from '../config';

// Loaded only where it shows: development mode, signed-in staff.
const DevToolsContent = lazy(() => import('./dev-tools-content'));

/**
 * Spec 001 §2's developer tools panel: fixed bottom-left, only in development mode, and only to
 * signed-in staff since the switch it holds is a staff action (design.md §2).
 */
export function DevToolsPanel() {
  const { devMode } = usePublicConfig();
  const { data: user } = useCurrentUser();
  if (!devMode || user?.role !== 'staff') return null;
  return (
    <Suspense fallback={null}>
      <DevToolsContent />
    </Suspense>
  );
}
