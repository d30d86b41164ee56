import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  type AnalyticsDashboard,
  rateWebVital,
  WEB_VITAL_THRESHOLDS,
  type WebVitalName,
  type WebVitalRating,
} from '../../../../domain';
import { formatVital } from './analytics-format';

const VITALS: readonly {
  name: WebVitalName;
  key: keyof AnalyticsDashboard['performanceStats']['coreWebVitals'];
  title: string;
}[] = [
  { name: 'LCP', key: 'lcp', title: 'Largest Contentful Paint' },
  { name: 'FCP', key: 'fcp', title: 'First Contentful Paint' },
  { name: 'CLS', key: 'cls', title: 'Cumulative Layout Shift' },
  { name: 'INP', key: 'inp', title: 'Interaction to Next Paint' },
  { name: 'TTFB', key: 'ttfb', title: 'Time to First Byte' },
];

/** A rating's words and color, as the panel and the per-page table show them. */
export const VITAL_RATING: Record<WebVitalRating, { label: string; color: string }> = {
  good: { label: 'Good', color: 'success.main' },
  'needs-improvement': { label: 'Needs improvement', color: 'warning.dark' },
  poor: { label: 'Poor', color: 'error.main' },
};

/** Core web vitals at their 75th percentile (spec 001 §2: LCP, FCP, CLS; N/A when missing). */
export function WebVitalsPanel({
  vitals,
}: {
  vitals: AnalyticsDashboard['performanceStats']['coreWebVitals'];
}) {
  return (
    <Box
      component="ul"
      aria-label="Core web vitals"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
      }}
    >
      {VITALS.map(({ name, key, title }) => {
        const value = vitals[key];
        const rating = value === null ? undefined : VITAL_RATING[rateWebVital(name, value)];
        const { good, poor } = WEB_VITAL_THRESHOLDS[name];
        const unit = name === 'CLS' ? '' : ' ms';
        return (
          <Paper component="li" key={name} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle2" component="h3" title={title}>
              {name}
            </Typography>
            <Typography
              variant="h5"
              component="p"
              sx={{ fontWeight: 700, color: rating?.color ?? 'text.secondary' }}
            >
              {formatVital(name, value)}
            </Typography>
            <Typography variant="body2" sx={{ color: rating?.color ?? 'text.secondary' }}>
              {rating?.label ?? 'Not measured'}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
              Good ≤ {good}
              {unit}, poor &gt; {poor}
              {unit}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}
