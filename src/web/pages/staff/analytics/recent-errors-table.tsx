import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type AnalyticsDashboard, type ErrorSeverity, errorCategoryLabel } from '../../../../domain';
import { formatEventTime } from './analytics-format';

const SEVERITY_COLOR: Record<ErrorSeverity, 'error' | 'warning' | 'info' | 'default'> = {
  CRITICAL: 'error',
  HIGH: 'warning',
  MEDIUM: 'info',
  LOW: 'default',
};

/** The latest errors (spec 001 §2): time, severity, category, message, URL (N/A when absent). */
export function RecentErrorsTable({ errors }: { errors: AnalyticsDashboard['errorStats']['recentErrors'] }) {
  if (errors.length === 0) return <Typography sx={{ color: 'text.secondary' }}>No recent errors.</Typography>;
  return (
    // On a phone the table scrolls sideways inside its box; the page itself does not.
    <TableContainer tabIndex={0} aria-label="Recent errors, scrollable" sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 760 }}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            The latest {errors.length} in this window, newest first
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Severity</TableCell>
            <TableCell>Category</TableCell>
            <TableCell>Message</TableCell>
            <TableCell>URL</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((error) => (
            <TableRow key={error.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatEventTime(error.timestamp)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={error.severity}
                  color={SEVERITY_COLOR[error.severity]}
                  // The theme's info blue is too light under white text (3.9:1); its dark shade reads.
                  sx={SEVERITY_COLOR[error.severity] === 'info' ? { bgcolor: 'info.dark' } : undefined}
                />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{errorCategoryLabel(error.category)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 420 }}>{error.message}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 240 }}>{error.url ?? 'N/A'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
