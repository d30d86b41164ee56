import Chip, { type ChipProps } from '@mui/material/Chip';
import { getStatusChipColour, getStatusLabel, type SubmissionStatus } from '../../domain';
import { brand } from '../brand';

/**
 * The status in the domain's colour. MUI's filled warning chip puts white on orange (3.1:1);
 * dark ink on the same orange reads at 5.6:1, so the warning chip takes the ink.
 */
export function StatusChip({
  status,
  size = 'small',
}: {
  status: SubmissionStatus;
  size?: ChipProps['size'];
}) {
  const colour = getStatusChipColour(status);
  return (
    <Chip
      label={getStatusLabel(status)}
      color={colour}
      size={size}
      sx={colour === 'warning' ? { color: brand.ink, fontWeight: 600 } : { fontWeight: 600 }}
    />
  );
}
