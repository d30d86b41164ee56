import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatAnswerBy, formatResponseDue, getResponseDueColour, type ResponseDue } from '../../domain';
import { brand } from '../theme';

/**
 * The response promise of a submission waiting for the label's answer (issue 20 §4): 'Due in 3
 * days' plain, 'Due in 2 days' or 'Due today' amber (near), 'Overdue by 1 day' red, with the
 * answer-by day beside it. Nothing for a submission that is not waiting for an answer.
 */
export function ResponseDueChip({
  due,
  direction = 'column',
}: {
  due: ResponseDue | null | undefined;
  /** Chip above the date (a table cell), or beside it (a header line). */
  direction?: 'row' | 'column';
}) {
  if (!due) return null;
  const colour = getResponseDueColour(due.state);
  return (
    <Stack
      direction={direction}
      spacing={direction === 'row' ? 1 : 0.5}
      sx={{ alignItems: direction === 'row' ? 'center' : 'flex-start' }}
    >
      <Chip
        label={formatResponseDue(due)}
        color={colour}
        size="small"
        variant={colour === 'default' ? 'outlined' : 'filled'}
        // MUI's white on the warning orange reads at 3.1:1; the ink reads at 5.6:1 (as StatusChip).
        sx={colour === 'warning' ? { color: brand.ink, fontWeight: 600 } : { fontWeight: 600 }}
      />
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        <time dateTime={due.answerBy}>{formatAnswerBy(due.answerBy)}</time>
      </Typography>
    </Stack>
  );
}
