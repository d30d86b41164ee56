import RefreshIcon from '@mui/icons-material/Refresh';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ANALYTICS_WINDOWS, type AnalyticsDashboard } from '../../../domain';
import { useAnalyticsDashboard, useErrorEvents } from '../../api/analytics';
import { ApiError } from '../../api/client';
import { isSignedOutError } from '../../auth/sign-in-path';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { LoadMore, pagedListState } from '../../components/load-more';
import { PageLoading } from '../../components/page-loading';
import { PanelSection } from '../../components/panel-section';
import { StaffPage, StaffPageHeader } from '../../components/staff-page-header';
import { formatClock } from './analytics/analytics-format';
import { BackupsCard } from './analytics/backups-card';
import { DeclineReasons } from './analytics/decline-reasons';
import { ErrorsByCategoryChart } from './analytics/errors-by-category-chart';
import { FeedbackRatingsChart } from './analytics/feedback-ratings-chart';
import { InpByRouteTable } from './analytics/inp-by-route-table';
import { RecentErrorsTable } from './analytics/recent-errors-table';
import { SummaryCards } from './analytics/summary-cards';
import { WebVitalsPanel } from './analytics/web-vitals-panel';

const DEFAULT_HOURS = 24;

/** The window in the address (`?hours=`), so a reload or a shared link keeps it. */
function useWindowHours(): [number, (hours: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('hours'));
  const hours = ANALYTICS_WINDOWS.some((window) => window.hours === asked) ? asked : DEFAULT_HOURS;
  return [
    hours,
    (next) =>
      setParams(
        (current) => {
          current.set('hours', String(next));
          return current;
        },
        { replace: true },
      ),
  ];
}

/** Spec 001 §8: 'Failed to fetch dashboard data' for a non-OK answer, else the error's words. */
function loadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return 'Failed to fetch dashboard data';
  return error instanceof Error && error.message ? error.message : 'Unknown error';
}

function isEmpty(data: AnalyticsDashboard): boolean {
  return data.performanceStats.sampleCount === 0 && data.errorStats.totalErrors === 0;
}

/**
 * The window's error events: the dashboard's recent few until the paged list (GET
 * /api/analytics/errors) answers, so the table is there with the rest of the figures, then as many
 * pages as staff load (scrolling, or "Load more").
 */
function RecentErrors({
  data,
  errors,
}: {
  data: AnalyticsDashboard;
  errors: ReturnType<typeof useErrorEvents>;
}) {
  const paged = errors.data?.pages.flatMap((page) => page.errors);
  const rows = paged ?? data.errorStats.recentErrors;
  return (
    <>
      <RecentErrorsTable errors={rows} />
      {paged && <LoadMore noun="errors" list={pagedListState(errors, rows.length)} />}
    </>
  );
}

function Dashboard({
  data,
  errors,
}: {
  data: AnalyticsDashboard;
  errors: ReturnType<typeof useErrorEvents>;
}) {
  return (
    <Stack spacing={3}>
      <SummaryCards data={data} />
      <PanelSection title="Active issues">
        {data.systemHealth.issues.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No active issues.</Typography>
        ) : (
          <List dense disablePadding>
            {data.systemHealth.issues.map((issue) => (
              <ListItem key={issue} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <WarningAmberIcon color="warning" />
                </ListItemIcon>
                <ListItemText primary={issue} />
              </ListItem>
            ))}
          </List>
        )}
      </PanelSection>
      <PanelSection title="Core web vitals">
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          75th percentile of real page loads in this window, scored against Google's good and poor thresholds.
        </Typography>
        <WebVitalsPanel vitals={data.performanceStats.coreWebVitals} />
      </PanelSection>
      <PanelSection title="Responsiveness per page">
        <InpByRouteTable routes={data.performanceStats.inpByRoute} />
      </PanelSection>
      <PanelSection title="Decline reasons">
        <DeclineReasons reasons={data.declineReasons} />
      </PanelSection>
      <PanelSection title="Ratings of answers">
        <FeedbackRatingsChart ratings={data.feedbackRatings} />
      </PanelSection>
      <PanelSection title="Backups">
        <BackupsCard />
      </PanelSection>
      <PanelSection title="Errors per category">
        <ErrorsByCategoryChart counts={data.errorStats.errorsByCategory} />
      </PanelSection>
      <PanelSection title="Recent errors">
        <RecentErrors data={data} errors={errors} />
      </PanelSection>
    </Stack>
  );
}

/** The analytics dashboard (spec 001 §2), for staff. */
export function AnalyticsPage() {
  const [hours, setHours] = useWindowHours();
  const query = useAnalyticsDashboard(hours);
  const errors = useErrorEvents(hours);
  const { data, isPending, isError, isFetching, error, dataUpdatedAt, refetch } = query;
  const returnTo = `/analytics?hours=${hours}`;

  let body: ReactNode;
  if (isPending) {
    body = <PageLoading />;
  } else if (isError && !data) {
    body = (
      <LoadFailedAlert signedOut={isSignedOutError(error)} returnTo={returnTo} onRetry={() => void refetch()}>
        {loadErrorText(error)}
      </LoadFailedAlert>
    );
  } else if (!data) {
    body = <Alert severity="info">No dashboard data available.</Alert>;
  } else {
    body = (
      <Stack spacing={3}>
        {isError && (
          <LoadFailedAlert
            signedOut={isSignedOutError(error)}
            returnTo={returnTo}
            onRetry={() => void refetch()}
          >
            {loadErrorText(error)}. Showing the figures from {formatClock(dataUpdatedAt)}.
          </LoadFailedAlert>
        )}
        {isEmpty(data) && (
          <Alert severity="info">
            No dashboard data available. No page loads or errors were recorded in this window yet; figures
            appear as artists use the site.
          </Alert>
        )}
        <Dashboard data={data} errors={errors} />
      </Stack>
    );
  }

  return (
    <StaffPage>
      <StaffPageHeader
        title="Analytics"
        actions={
          <>
            <ToggleButtonGroup
              value={hours}
              exclusive
              size="small"
              aria-label="Time window"
              onChange={(_event, next: number | null) => {
                if (next !== null) setHours(next);
              }}
              sx={{ bgcolor: 'background.paper' }}
            >
              {ANALYTICS_WINDOWS.map((window) => (
                <ToggleButton key={window.hours} value={window.hours} sx={{ px: 2 }}>
                  {window.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {/* In place (hidden) before the figures arrive, so the Refresh button beside it does
                not move when they do (no layout shift). */}
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', visibility: data ? 'visible' : 'hidden' }}
              aria-live="polite"
            >
              Last updated: {formatClock(data ? dataUpdatedAt : Date.now())}
            </Typography>
            <Button
              variant="outlined"
              size="small"
              startIcon={<RefreshIcon />}
              loading={isFetching}
              loadingPosition="start"
              onClick={() => {
                void refetch();
                void errors.refetch();
              }}
              sx={{ minHeight: 40 }}
            >
              Refresh
            </Button>
          </>
        }
      >
        The portal's health at a glance: uptime, performance of real page loads, and the errors artists and
        the server ran into.
      </StaffPageHeader>
      <Box aria-busy={isFetching}>{body}</Box>
    </StaffPage>
  );
}
