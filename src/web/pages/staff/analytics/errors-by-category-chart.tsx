import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { errorCategoryLabel } from '../../../../domain';
import { visuallyHidden } from '../../../components/visually-hidden';

/**
 * Errors per category as a horizontal bar chart (largest first), with the same counts in a table
 * for screen readers: the chart itself is an image to them.
 */
export function ErrorsByCategoryChart({ counts }: { counts: Record<string, number> }) {
  const rows = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([category, count]) => ({ label: errorCategoryLabel(category), count }));
  if (rows.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>No errors in this window.</Typography>;
  }
  return (
    <Box>
      {/* An image to everyone but sighted pointer users: hidden from screen readers and out of the tab order. */}
      <Box aria-hidden="true" inert>
        <BarChart
          layout="horizontal"
          height={Math.max(140, 44 * rows.length + 48)}
          yAxis={[{ scaleType: 'band', data: rows.map((row) => row.label), width: 120 }]}
          xAxis={[{ tickMinStep: 1 }]}
          series={[{ data: rows.map((row) => row.count), label: 'Errors', color: '#6d28d9' }]}
          hideLegend
          margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
        />
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>Errors per category</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Errors</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
