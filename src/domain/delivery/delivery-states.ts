import type { DeliveryState } from '../schemas/delivery';

/**
 * Where a release's latest delivery to the stores stands, in the label's words: the board's chip
 * beside the status, its Delivery filter and the CSV export's column. No zod here (the type is
 * imported only): the board reads its view from the URL before any schema has loaded.
 */
export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  delivered: 'Delivered',
  failed: 'Delivery failed',
  delivering: 'Delivering',
  taken_down: 'Taken down',
};

/** The Delivery filter's choices, in the order staff look for them: the outcomes first. */
export const DELIVERY_STATE_FILTERS = Object.keys(DELIVERY_STATE_LABELS) as DeliveryState[];

export function isDeliveryState(value: unknown): value is DeliveryState {
  return typeof value === 'string' && Object.hasOwn(DELIVERY_STATE_LABELS, value);
}

export type DeliveryStateChipColour = 'success' | 'error' | 'info' | 'default';

const CHIP_COLOURS: Record<DeliveryState, DeliveryStateChipColour> = {
  delivered: 'success',
  failed: 'error',
  delivering: 'info',
  // Off the stores on purpose: nothing to act on, so no colour asks for attention.
  taken_down: 'default',
};

export function getDeliveryStateChipColour(state: DeliveryState): DeliveryStateChipColour {
  return CHIP_COLOURS[state];
}
