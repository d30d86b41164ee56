import type { FieldPath } from './form-values';

function findAnchor(field: FieldPath, root: ParentNode): HTMLElement | null {
  // A problem may name a path finer than any anchor on the page (a split inside a collapsed
  // item): walk up the path until something is there.
  let path = field;
  while (path) {
    // Inside a quoted attribute value only quotes and backslashes need escaping.
    const value = path.replace(/["\\]/g, '\\$&');
    const element = root.querySelector<HTMLElement>(`[data-field="${value}"]`);
    if (element) return element;
    const dot = path.lastIndexOf('.');
    path = dot === -1 ? '' : path.slice(0, dot);
  }
  return null;
}

const focusable =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Brings a field into view and puts the keyboard on it (spec 001 §5: "the page scrolls to the
 * first bad field"). Returns false when the field is not on the page.
 */
export function scrollToField(field: FieldPath, root: ParentNode = document): boolean {
  const anchor = findAnchor(field, root);
  if (!anchor) return false;
  bringIntoView(anchor);
  return true;
}

/**
 * Of several fields with problems, brings the one highest on the page into view and focuses it
 * (after the problems dialog closes: the first track card that needs something, say, rather than
 * the Next button). Returns false when none of them is on the page.
 */
export function scrollToFirstField(fields: readonly FieldPath[], root: ParentNode = document): boolean {
  const anchors = fields.map((field) => findAnchor(field, root)).filter((anchor) => anchor !== null);
  const first = anchors.reduce<HTMLElement | undefined>(
    (best, anchor) =>
      !best || best.compareDocumentPosition(anchor) & Node.DOCUMENT_POSITION_PRECEDING ? anchor : best,
    undefined,
  );
  if (!first) return false;
  bringIntoView(first);
  return true;
}

function bringIntoView(anchor: HTMLElement): void {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  anchor.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
  const target = anchor.matches(focusable) ? anchor : anchor.querySelector<HTMLElement>(focusable);
  target?.focus({ preventScroll: true });
}
