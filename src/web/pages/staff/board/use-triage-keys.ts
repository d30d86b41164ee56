import { useEffect, useRef } from 'react';
import { type TriageAction, triageActionOf } from './triage-keys';

/** Somewhere a key already means something: an open menu or list of options, a dialog. */
const OWNED_BY = '[role="dialog"],[role="listbox"],[role="menu"],[role="alertdialog"]';

/**
 * Listens for the board's triage keys (triage-keys.ts) on the document while `enabled`, and hands
 * each action to `onAction`; keys pressed while typing, in a menu or with a dialog open are left
 * alone, as are keys with Ctrl, Cmd or Alt. With `first`, it listens on the window as the key goes
 * down the page (capture), ahead of the board's own listener, which leaves a key it took: the
 * listening queue's player acts on these keys while it is loaded.
 */
export function useTriageKeys(options: {
  enabled: boolean;
  dialogOpen: boolean;
  onAction(action: TriageAction): void;
  first?: boolean;
}): void {
  const first = options.first ?? false;
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    function listen(event: KeyboardEvent) {
      const { enabled, dialogOpen, onAction } = latest.current;
      if (!enabled || event.defaultPrevented) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      // A modal dialog keeps focus inside itself, so a key pressed while one is open comes from it.
      const owned = Boolean(target?.closest(OWNED_BY));
      const action = triageActionOf(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          target: target
            ? {
                tagName: target.tagName,
                isContentEditable: target.isContentEditable,
                type: (target as HTMLInputElement).type,
              }
            : null,
        },
        dialogOpen || owned,
      );
      if (!action) return;
      event.preventDefault();
      onAction(action);
    }
    const where: EventTarget = first ? window : document;
    where.addEventListener('keydown', listen as EventListener, first);
    return () => where.removeEventListener('keydown', listen as EventListener, first);
  }, [first]);
}
