import Chip from '@mui/material/Chip';
import { DELIVERY_STATE_LABELS, type DeliveryState, getDeliveryStateChipColour } from '../../domain';

/**
 * Where a release's latest delivery to the stores stands, beside its status: "Delivered" green,
 * "Delivery failed" red, "Delivering" blue, "Taken down" plain; nothing for a release never sent.
 * Outlined, so it reads as a note on the status rather than a second status.
 */
export function DeliveryStateChip({ state }: { state: DeliveryState | null | undefined }) {
  if (!state) return null;
  const colour = getDeliveryStateChipColour(state);
  return (
    <Chip
      label={DELIVERY_STATE_LABELS[state]}
      color={colour}
      size="small"
      variant="outlined"
      // Small text on white needs 4.5:1: info's dark shade has it whatever the theme's main blue
      // (MUI's own reads at 4.1:1); the other colours' main shades already do.
      sx={colour === 'info' ? { color: 'info.dark', borderColor: 'info.dark' } : undefined}
    />
  );
}
