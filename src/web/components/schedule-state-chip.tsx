import Chip, { type ChipProps } from '@mui/material/Chip';
import { describeScheduleState, type ReleaseScheduleState } from '../../domain';
import { brand } from '../theme';

const STATE_COLOURS: Record<ReleaseScheduleState, ChipProps['color']> = {
  awaiting_signature: 'warning',
  signed: 'success',
  declined: 'error',
  expired: 'default',
  superseded: 'default',
};

/**
 * A release schedule's state in the reader's words (the release's page, staff's details, the
 * artist's Contract Signing tab). The filled warning chip takes dark ink, as StatusChip's does
 * (white on that orange is 3.1:1).
 */
export function ScheduleStateChip({
  state,
  reader,
}: {
  state: ReleaseScheduleState;
  reader: 'artist' | 'staff';
}) {
  return (
    <Chip
      size="small"
      color={STATE_COLOURS[state]}
      label={describeScheduleState(state, reader)}
      sx={state === 'awaiting_signature' ? { color: brand.ink, fontWeight: 600 } : {}}
    />
  );
}
