import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type DashboardTab, FAILED_TO_LOAD_DASHBOARD, parseDashboardTab } from '../../../domain';
import { useArtistProfile, useArtistSubmissions } from '../../api/artist';
import { isSignedOutError } from '../../auth/sign-in-path';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { LoadMore, pagedListState } from '../../components/load-more';
import { ResponsePromiseNote } from '../../components/response-promise-note';
import { TabList } from '../../components/tab-list';
import { useHydrating } from '../../components/use-hydrating';
import { usePageTitle } from '../../components/use-page-title';
import { visuallyHidden } from '../../components/visually-hidden';
import { ContractPanelSkeleton, ReleaseScheduleListSkeleton } from './dashboard/contract-panel-skeleton';
import { ProfileCard, ProfileCardSkeleton } from './dashboard/profile-card';
import { SubmissionList, SubmissionListSkeleton } from './dashboard/submission-list';

// Loaded when they show, not with the dashboard (the page's own code is hydrated on a
// phone's main thread): the Contract Signing tab with its signing flow and the release schedules'
// list, and the note after a save.
const ContractPanel = lazy(() =>
  import('./dashboard/contract-panel').then((module) => ({ default: module.ContractPanel })),
);
const ReleaseScheduleList = lazy(() =>
  import('./dashboard/release-schedule-list').then((module) => ({ default: module.ReleaseScheduleList })),
);
const Snackbar = lazy(() => import('@mui/material/Snackbar'));

const TABS: { label: string; slug: string }[] = [
  { label: 'Dashboard', slug: 'overview' },
  { label: 'Contract Signing', slug: 'contract' },
];

const tabId = (index: number) => `dashboard-tab-${TABS[index]?.slug}`;
const panelId = (index: number) => `dashboard-panel-${TABS[index]?.slug}`;

/** What the edit-profile page leaves in the history entry after a save, for the note here. */
export interface DashboardLocationState {
  profileSaved?: boolean;
}

function isSavedState(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as DashboardLocationState).profileSaved === true
  );
}

/** The spec's alert for a dashboard that could not load; a lapsed session is offered a sign-in instead of a retry. */
function LoadFailed({ errors, onRetry }: { errors: unknown[]; onRetry(): void }) {
  return (
    <LoadFailedAlert signedOut={errors.some(isSignedOutError)} returnTo="/dashboard" onRetry={onRetry}>
      {FAILED_TO_LOAD_DASHBOARD}
    </LoadFailedAlert>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Box role="status" aria-live="polite" sx={visuallyHidden}>
      {label}
    </Box>
  );
}

function OverviewTab() {
  const profile = useArtistProfile();
  const submissions = useArtistSubmissions();
  const items = submissions.data?.pages.flatMap((page) => page.submissions) ?? [];
  // A next page that failed is the list's own alert; the dashboard stays.
  const errors = [profile.error, submissions.isFetchNextPageError ? null : submissions.error].filter(Boolean);
  if (errors.length > 0) {
    return (
      <LoadFailed
        errors={errors}
        onRetry={() => {
          if (profile.isError) void profile.refetch();
          if (submissions.isError) void submissions.refetch();
        }}
      />
    );
  }
  return (
    <Grid container spacing={{ xs: 3, md: 4 }}>
      <Grid size={{ xs: 12, md: 5, lg: 4 }}>
        {profile.data ? <ProfileCard profile={profile.data} /> : <ProfileCardSkeleton />}
      </Grid>
      <Grid size={{ xs: 12, md: 7, lg: 8 }} component="section" aria-labelledby="your-submissions-title">
        <Typography id="your-submissions-title" component="h2" variant="h4" sx={{ mb: 2 }}>
          Your Submissions
        </Typography>
        {submissions.data ? (
          <>
            <SubmissionList submissions={items} />
            <LoadMore noun="submissions" list={pagedListState(submissions, items.length)} />
          </>
        ) : (
          <SubmissionListSkeleton />
        )}
      </Grid>
      {(profile.isPending || submissions.isPending) && <Loading label="Loading your dashboard..." />}
    </Grid>
  );
}

/** The agreement, and beside it the release schedules signed under it, each with its own loading and error. */
function ContractTab() {
  const profile = useArtistProfile();
  if (profile.isError) {
    return <LoadFailed errors={[profile.error]} onRetry={() => void profile.refetch()} />;
  }
  return (
    <Stack spacing={{ xs: 3, md: 4 }}>
      {profile.data ? (
        <Suspense fallback={<ContractPanelSkeleton />}>
          <ContractPanel profile={profile.data} />
        </Suspense>
      ) : (
        <>
          <ContractPanelSkeleton />
          <Loading label="Loading your agreement..." />
        </>
      )}
      <Suspense fallback={<ReleaseScheduleListSkeleton />}>
        <ReleaseScheduleList />
      </Suspense>
    </Stack>
  );
}

/**
 * 'Your profile has been saved.' after the edit-profile page's save. Only the browser knows (from
 * the history entry): when the server rendered the page and the entry still says so (a reload right
 * after the save), the note follows hydration, rendered by this component alone.
 */
function SavedNote({ open, onClose }: { open: boolean; onClose(): void }) {
  if (useHydrating()) return null;
  return (
    <Suspense fallback={null}>
      <Snackbar
        open={open}
        autoHideDuration={6000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') onClose();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={onClose}>
          Your profile has been saved.
        </Alert>
      </Snackbar>
    </Suspense>
  );
}

/**
 * The signed-in artist's dashboard (spec 000 §2): the Dashboard tab (profile card, submissions)
 * and the Contract Signing tab, chosen by `?tab=0|1`; any other value is rewritten to tab=0.
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const [searchParams, setSearchParams] = useSearchParams();
  const { tab, replaceWith } = parseDashboardTab(searchParams.get('tab'));
  const location = useLocation();
  const navigate = useNavigate();
  const [savedNote, setSavedNote] = useState(() => isSavedState(location.state));
  // Mounted once shown, so that it can animate out.
  const [noteMounted] = useState(savedNote);

  useEffect(() => {
    if (!replaceWith) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', replaceWith);
        return next;
      },
      { replace: true },
    );
  }, [replaceWith, setSearchParams]);

  // The note is shown once: a reload or a return through history must not announce it again.
  useEffect(() => {
    if (!isSavedState(location.state)) return;
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location, navigate]);

  const selectTab = (next: DashboardTab) =>
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      params.set('tab', String(next));
      return params;
    });

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, mb: 2 }}>
        Dashboard
      </Typography>
      <ResponsePromiseNote />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: { xs: 3, md: 4 } }}>
        <TabList
          tabs={TABS.map((item, index) => ({ label: item.label, id: tabId(index), panelId: panelId(index) }))}
          selected={tab}
          onSelect={(index) => selectTab(index as DashboardTab)}
          label="Dashboard sections"
        />
      </Box>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 0 ? <OverviewTab /> : <ContractTab />}
      </Box>
      {noteMounted && <SavedNote open={savedNote} onClose={() => setSavedNote(false)} />}
    </Container>
  );
}
