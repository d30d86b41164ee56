/** Where a field's list of suggestions opens, and how tall it may be. */
export interface PopupPlacement {
  above: boolean;
  maxHeight: number;
}

/** The room kept between the list and the field, and between the list and the screen's edge. */
const GAP = 4;
const EDGE = 8;

/**
 * A list opens below its field, up to `wanted` pixels tall, unless there is less room than that
 * below and more above: then it opens above, as a native select does. `field` is the field's box
 * and `screen` what the reader sees of the page (the visual viewport, which a phone's keyboard
 * shortens), both in the same coordinates. The list never reaches past the screen's edge.
 */
export function placePopup(
  field: { top: number; bottom: number },
  screen: { top: number; height: number },
  wanted: number,
): PopupPlacement {
  const below = screen.top + screen.height - field.bottom - GAP - EDGE;
  const above = field.top - screen.top - GAP - EDGE;
  const flip = below < wanted && above > below;
  return { above: flip, maxHeight: Math.max(0, Math.floor(Math.min(wanted, flip ? above : below))) };
}

/** `placePopup` for `field` on the current screen, the list wanted at most 40% of the window's height. */
export function placePopupOnScreen(field: Element): PopupPlacement {
  const box = field.getBoundingClientRect();
  const viewport = window.visualViewport;
  return placePopup(
    box,
    viewport ? { top: viewport.offsetTop, height: viewport.height } : { top: 0, height: window.innerHeight },
    window.innerHeight * 0.4,
  );
}
