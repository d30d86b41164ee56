import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatAnswerBy, formatResponseDue, getResponseDueColour, type ResponseDue } from '../../domain';
import { brand } from '../theme';

/**
 * The response promise of a submission waiting for the label's answer: 'Due in 3
 * days' plain, 'Due in 2 days' or 'Due today' amber (near), 'Overdue by 1 day' red, with the
 * answer-by day beside it. Nothing for a submission that is not waiting for an answer.
 */
export function ResponseDueChip({
  due,
  direction = 'column',
  dense = false,
}: {
  due: ResponseDue | null | undefined;
  /** Chip above the date (a table cell), or beside it (a header line). */
  direction?: 'row' | 'column';
  /** Smaller, for the board's dense rows: the two lines take the height of two lines of text. */
  dense?: boolean;
}) {
  if (!due) return null;
  const colour = getResponseDueColour(due.state);
  return (
    <Stack
      direction={direction}
      spacing={direction === 'row' ? 1 : dense ? 0.25 : 0.5}
      sx={{ alignItems: direction === 'row' ? 'center' : 'flex-start' }}
    >
      <Chip
        label={formatResponseDue(due)}
        color={colour}
        size="small"
        variant={colour === 'default' ? 'outlined' : 'filled'}
        // MUI's white on the warning orange reads at 3.1:1; the ink reads at 5.6:1 (as StatusChip).
        sx={{
          fontWeight: 600,
          ...(colour === 'warning' ? { color: brand.ink } : {}),
          ...(dense ? { height: 20, fontSize: '0.75rem' } : {}),
        }}
      />
      <Typography
        variant="body2"
        component="span"
        sx={{ color: 'text.secondary', whiteSpace: 'nowrap', ...(dense ? { fontSize: '0.8125rem' } : {}) }}
      >
        <time dateTime={due.answerBy}>{formatAnswerBy(due.answerBy)}</time>
      </Typography>
    </Stack>
  );
}
