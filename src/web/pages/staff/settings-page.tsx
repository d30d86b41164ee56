import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePlannerSettings } from '../../api/key-dates';
import { isSignedOutError } from '../../auth/sign-in-path';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { PanelSection } from '../../components/panel-section';
import { StaffPage, StaffPageHeader } from '../../components/staff-page-header';
import { ListSkeleton } from './invite/load-states';
import { ReleasePlanningForm } from './settings/release-planning-form';
import { SubmissionsForm } from './settings/submissions-form';

export const SETTINGS_PATH = '/admin/settings';

/** The release planning settings: loaded, then the form. */
function ReleasePlanningSettings() {
  const query = usePlannerSettings();
  if (query.isPending) return <ListSkeleton label="Loading settings..." />;
  if (query.isError)
    return (
      <LoadFailedAlert
        signedOut={isSignedOutError(query.error)}
        returnTo={SETTINGS_PATH}
        onRetry={() => void query.refetch()}
      >
        The settings could not be loaded: {query.error.message}
      </LoadFailedAlert>
    );
  return <ReleasePlanningForm settings={query.data} />;
}

/**
 * `/admin/settings`: the installation's settings staff change at run time: the submission mode
 * (also the header's switch) with the day submissions reopen, and the deadline planner's leads
 * and reminders.
 */
export function SettingsPage() {
  return (
    <StaffPage>
      <StaffPageHeader title="Settings">
        How Imprint works for your label. Changes apply at once, for every member of staff.
      </StaffPageHeader>
      <Stack spacing={3}>
        <PanelSection title="Submissions">
          <SubmissionsForm />
        </PanelSection>
        <PanelSection title="Release planning">
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>
            The deadlines every submission's key dates show, on the artist's page and on the board, and the
            reminder e-mails sent before them.
          </Typography>
          <ReleasePlanningSettings />
        </PanelSection>
      </Stack>
    </StaffPage>
  );
}
