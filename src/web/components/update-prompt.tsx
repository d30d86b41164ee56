import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { usePublicConfig } from '../config';
import {
  rememberLabelName,
  type ServiceWorkerUpdates,
  serviceWorkerUpdates,
} from '../pwa/register-service-worker';
import { afterFirstPaint } from './after-first-paint';
import { isLeaveGuarded } from './use-confirm-leave';

// Its own chunk, loaded only when an update waits: nothing of it weighs on the first paint.
const UpdateNotice = lazy(() => import('./update-notice'));

type Updates = Pick<ServiceWorkerUpdates, 'start' | 'subscribe' | 'getSnapshot' | 'reloadToUpdate'>;

const noUpdates: Updates = {
  start: async () => {},
  subscribe: () => () => {},
  getSnapshot: () => false,
  reloadToUpdate: () => {},
};

interface UpdatePromptProps {
  /** The service worker's updates; none outside a production build (dev server, tests). */
  updates?: Updates | null;
  /** Whether reloading now would lose something: an upload, a submission, unsaved changes. */
  isBusy?: () => boolean;
}

/**
 * Registers the service worker (production builds only) and, when a new version of the app waits,
 * says so with a Reload button. Mounted once, in the layout.
 */
export function UpdatePrompt({
  updates = serviceWorkerUpdates(),
  isBusy = isLeaveGuarded,
}: UpdatePromptProps) {
  const { labelName } = usePublicConfig();
  const source = updates ?? noUpdates;
  const available = useSyncExternalStore(source.subscribe, source.getSnapshot, () => false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!updates) return;
    // Registering (and the worker's precaching) waits until the page is up: it competes with
    // nothing the artist is waiting for. So does keeping the name: the first use of localStorage
    // reads it from disk, a long task on a phone while the page is being taken over.
    afterFirstPaint(window, () => {
      rememberLabelName(labelName);
      updates.start().catch((error: unknown) => console.warn('The service worker was not registered', error));
    });
  }, [updates, labelName]);

  if (!available || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotice
        isBusy={isBusy}
        onReload={() => source.reloadToUpdate()}
        onDismiss={() => setDismissed(true)}
      />
    </Suspense>
  );
}
