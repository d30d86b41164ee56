import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type AnalyticsDashboard, rateWebVital, WEB_VITAL_THRESHOLDS } from '../../../../domain';
import { formatVital } from './analytics-format';
import { VITAL_RATING } from './web-vitals-panel';

/**
 * How quickly each page answered its visitors' taps and keys: INP at its 75th percentile per page,
 * from real page loads, rated against the good and poor thresholds (good ≤ 200 ms).
 */
export function InpByRouteTable({
  routes,
}: {
  routes: AnalyticsDashboard['performanceStats']['inpByRoute'];
}) {
  const { good, poor } = WEB_VITAL_THRESHOLDS.INP;
  if (routes.length === 0) {
    return (
      <Typography sx={{ color: 'text.secondary' }}>
        No interactions measured in this window: INP is measured once a visitor taps, clicks or types.
      </Typography>
    );
  }
  return (
    <TableContainer tabIndex={0} aria-label="INP per page, scrollable" sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 480 }}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            Interaction to Next Paint per page, 75th percentile; good ≤ {good} ms, poor &gt; {poor} ms
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>Page</TableCell>
            <TableCell align="right">INP (p75)</TableCell>
            <TableCell>Rating</TableCell>
            <TableCell align="right">Page loads</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {routes.map(({ route, p75, pageLoads }) => {
            const rating = VITAL_RATING[rateWebVital('INP', p75)];
            return (
              <TableRow key={route}>
                <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                  {route}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, color: rating.color }}>
                  {formatVital('INP', p75)}
                </TableCell>
                <TableCell sx={{ color: rating.color }}>{rating.label}</TableCell>
                <TableCell align="right">{pageLoads}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
