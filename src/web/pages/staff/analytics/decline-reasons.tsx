import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AnalyticsDashboard } from '../../../../domain';

/**
 * Declines in the window per reason: each decline template by name (a deleted one
 * keeps its name), and those sent without one, most used first, as the dashboard counts them.
 */
export function DeclineReasons({ reasons }: { reasons: AnalyticsDashboard['declineReasons'] }) {
  if (reasons.length === 0)
    return (
      <Typography sx={{ color: 'text.secondary' }}>No submissions were declined in this window.</Typography>
    );
  const total = reasons.reduce((sum, reason) => sum + reason.count, 0);
  return (
    <Table size="small" sx={{ maxWidth: 640 }}>
      <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          {total} {total === 1 ? 'decline' : 'declines'} in this window, by the template sent
        </Typography>
      </caption>
      <TableHead>
        <TableRow>
          <TableCell>Reason</TableCell>
          <TableCell align="right">Declines</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {reasons.map((reason) => (
          <TableRow key={reason.templateId ?? 'none'}>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{reason.name}</TableCell>
            <TableCell align="right">{reason.count}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
