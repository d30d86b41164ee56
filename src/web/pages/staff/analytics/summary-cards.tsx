import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import WarningIcon from '@mui/icons-material/Warning';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { AnalyticsDashboard } from '../../../../domain';
import { formatUptime } from './analytics-format';

const STATUS = {
  healthy: { label: 'Healthy', color: 'success.main', icon: <CheckCircleIcon color="success" /> },
  degraded: { label: 'Degraded', color: 'warning.dark', icon: <WarningIcon color="warning" /> },
  unhealthy: { label: 'Unhealthy', color: 'error.main', icon: <ErrorIcon color="error" /> },
} as const;

const TREND = {
  improving: { label: 'Improving', icon: <TrendingUpIcon fontSize="small" color="success" /> },
  degrading: { label: 'Degrading', icon: <TrendingDownIcon fontSize="small" color="error" /> },
  stable: { label: 'Stable', icon: <TrendingFlatIcon fontSize="small" color="action" /> },
} as const;

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: 3, flex: 1, minWidth: 0 }}>
      <Typography variant="overline" component="h2" sx={{ color: 'text.secondary' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The three cards of spec 001 §2: system status with uptime, performance score, error count. */
export function SummaryCards({ data }: { data: AnalyticsDashboard }) {
  const status = STATUS[data.systemHealth.status];
  const performance = data.performanceStats;
  const trend = TREND[performance.trend];
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Card title="System status">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {status.icon}
          <Typography variant="h4" component="p" sx={{ color: status.color, fontWeight: 700 }}>
            {status.label}
          </Typography>
        </Stack>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          Uptime: {formatUptime(data.systemHealth.uptime)}
        </Typography>
      </Card>
      <Card title="Performance score">
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          {performance.currentScore ?? 'N/A'}
          {performance.currentScore !== null && (
            <Typography component="span" sx={{ color: 'text.secondary', ml: 0.5 }}>
              / 100
            </Typography>
          )}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, color: 'text.secondary' }}>
          <Typography>Average: {performance.averageScore ?? 'N/A'}</Typography>
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center' }}
            aria-label={`Trend: ${trend.label}`}
          >
            {trend.icon}
            <Typography>{trend.label}</Typography>
          </Stack>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          From {performance.sampleCount.toLocaleString('en-US')} page load
          {performance.sampleCount === 1 ? '' : 's'}
        </Typography>
      </Card>
      <Card title="Errors">
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          {data.errorStats.totalErrors.toLocaleString('en-US')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          {(data.errorStats.errorsBySeverity.CRITICAL ?? 0).toLocaleString('en-US')} critical,{' '}
          {(data.errorStats.errorsBySeverity.HIGH ?? 0).toLocaleString('en-US')} high
        </Typography>
      </Card>
    </Stack>
  );
}
