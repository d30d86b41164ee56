/**
 * Keyboard triage on the board: which key does what. Pure, so the rules (and when
 * keys are ignored) are tested without a browser; `use-triage-keys.ts` listens.
 */
export type TriageAction = 'next' | 'previous' | 'play' | 'approve' | 'changes' | 'decline' | 'help';

export const TRIAGE_KEYS: { keys: string; action: TriageAction; label: string }[] = [
  { keys: 'j', action: 'next', label: 'Next submission' },
  { keys: 'k', action: 'previous', label: 'Previous submission' },
  { keys: 'Space', action: 'play', label: "Play or pause the submission's preview" },
  { keys: 'a', action: 'approve', label: 'Approve (opens the decision with its templates)' },
  { keys: 'c', action: 'changes', label: 'Request changes (opens the fields to mark)' },
  { keys: 'd', action: 'decline', label: 'Decline (opens the decision with its templates)' },
  { keys: '?', action: 'help', label: 'Show these keys' },
];

const BY_KEY: Record<string, TriageAction> = {
  j: 'next',
  k: 'previous',
  ' ': 'play',
  a: 'approve',
  c: 'changes',
  d: 'decline',
  '?': 'help',
};

export interface TriageKeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The element the key was pressed in. */
  target: { tagName?: string; isContentEditable?: boolean; type?: string } | null;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
/** Inputs whose keys are not typing: space on a checkbox still ticks it, so it is left to it. */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'file']);

/**
 * The action of a key press, or null: none with Ctrl, Cmd or Alt (the browser's and the screen
 * reader's shortcuts), none while typing (a text field, a select, anything editable), none while
 * a dialog is open; space only outside a button, checkbox or link (where it already means something).
 */
export function triageActionOf(event: TriageKeyEvent, dialogOpen: boolean): TriageAction | null {
  if (dialogOpen || event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target;
  const tag = target?.tagName?.toUpperCase() ?? '';
  if (target?.isContentEditable) return null;
  if (TYPING_TAGS.has(tag) && !(tag === 'INPUT' && NON_TEXT_INPUTS.has((target?.type ?? '').toLowerCase()))) {
    return null;
  }
  const action = BY_KEY[event.key.length === 1 ? event.key.toLowerCase() : event.key] ?? BY_KEY[event.key];
  if (!action) return null;
  if (action === 'play' && (tag === 'BUTTON' || tag === 'A' || tag === 'INPUT')) return null;
  return action;
}
