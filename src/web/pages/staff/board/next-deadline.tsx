import Box from '@mui/material/Box';
import { formatLongDate, getKeyDateLabel } from '../../../../domain';
import { useNextDeadline } from '../../../api/key-dates';
import { DayDistanceChip } from '../../../components/key-dates';
import { useToday } from '../../../components/use-today';

/**
 * A board row's next delivery or pitch deadline, beside or under its release date:
 * what it is and how far away. Nothing while loading, or when there is none (a transfer, a declined item,
 * every deadline passed); the board stays readable if the request fails.
 */
export function NextDeadline({
  itemId,
  stacked = false,
}: {
  itemId: string;
  /** What it is above how far away (the board's dense rows), rather than side by side. */
  stacked?: boolean;
}) {
  const { data } = useNextDeadline(itemId);
  const today = useToday();
  if (!data) return null;
  const label = getKeyDateLabel(data.kind);
  return (
    <Box
      component="span"
      sx={{
        display: 'flex',
        flexDirection: stacked ? 'column' : 'row',
        alignItems: stacked ? 'flex-start' : 'center',
        gap: stacked ? 0.25 : 0.75,
        flexWrap: stacked ? 'nowrap' : 'wrap',
        mt: stacked ? 0 : 0.5,
        fontSize: '0.8125rem',
        ...(stacked ? { lineHeight: 1.35, '& .MuiChip-root': { height: 20, fontSize: '0.75rem' } } : {}),
      }}
      title={`${data.subject}, ${formatLongDate(data.date) ?? data.date}`}
    >
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <DayDistanceChip date={data.date} today={today} urgentWithinDays={7} />
    </Box>
  );
}
