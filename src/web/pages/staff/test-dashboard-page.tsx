import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import type { TestDashboardTestName } from '../../../domain';
import { useCurrentUser } from '../../api/auth';
import { ApiError } from '../../api/client';
import { useDashboardTests } from '../../api/test-dashboard';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { StaffPage, StaffPageHeader } from '../../components/staff-page-header';
import { ConnectionIndicators } from './test-dashboard/connection-indicators';
import { TestCard } from './test-dashboard/test-card';
import {
  checkTestData,
  initialTestData,
  TestDataCard,
  type TestDataErrors,
  type TestDataValues,
} from './test-dashboard/test-data-card';
import { useTestRuns } from './test-dashboard/use-test-runs';

const PAGE_PATH = '/test-dashboard';

/** The test data form, filled with the defaults and the staff member's own address once known. */
function useTestData() {
  const user = useCurrentUser();
  const [edited, setEdited] = useState<TestDataValues | null>(null);
  const values = edited ?? initialTestData(user.data?.email);
  return [values, setEdited] as const;
}

/**
 * The internal integration test dashboard (spec 000 §2): staff check each connected
 * service against its configured real provider. Each test answers SUCCESS or FAILED, its duration
 * and the provider's own words.
 */
export function TestDashboardPage() {
  const tests = useDashboardTests();
  const [values, setValues] = useTestData();
  const [errors, setErrors] = useState<TestDataErrors>({});
  const { runs, run, runAll, runningAll } = useTestRuns();

  /** The test data, or nothing when a field is refused (its message shows under it). */
  const checked = () => {
    const result = checkTestData(values);
    setErrors(result.ok ? {} : result.errors);
    return result.ok ? result.data : undefined;
  };
  const runOne = (name: TestDashboardTestName) => {
    const data = checked();
    if (data) void run(name, data);
  };
  const runEvery = () => {
    const data = checked();
    if (data && tests.data)
      void runAll(
        tests.data.map((test) => test.name),
        data,
      );
  };
  const invalid = Object.keys(errors).length > 0;
  const change = (next: TestDataValues) => {
    setValues(next);
    // A refused field's message goes as soon as the field is right.
    if (invalid) {
      const result = checkTestData(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  let testList: ReactNode;
  if (tests.isPending) {
    testList = (
      <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>Loading tests...</Typography>
      </Stack>
    );
  } else if (tests.isError) {
    testList = (
      <LoadFailedAlert
        signedOut={tests.error instanceof ApiError && tests.error.status === 401}
        returnTo={PAGE_PATH}
        onRetry={() => void tests.refetch()}
      >
        The tests could not be loaded: {tests.error.message}
      </LoadFailedAlert>
    );
  } else {
    testList = (
      <Box
        component="ul"
        aria-label="Tests"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          // Each card as tall as its own result: the full submission's long detail must not
          // stretch its neighbour into an empty box.
          alignItems: 'start',
        }}
      >
        {tests.data.map((test) => (
          <li key={test.name}>
            <TestCard
              test={test}
              state={runs[test.name]}
              disabled={runningAll && !runs[test.name]?.running}
              onRun={() => runOne(test.name)}
            />
          </li>
        ))}
      </Box>
    );
  }

  return (
    <StaffPage>
      <StaffPageHeader title="Integration test dashboard">
        Each connected service checked against its configured provider. Tests run for real and clean up after
        themselves.
      </StaffPageHeader>
      <Stack spacing={{ xs: 4, md: 5 }}>
        <ConnectionIndicators />
        <TestDataCard values={values} errors={errors} onChange={change} />
        <Box component="section" aria-labelledby="tests-heading">
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}
          >
            <Typography id="tests-heading" variant="h5" component="h2">
              Tests
            </Typography>
            <Button
              variant="contained"
              startIcon={<PlaylistPlayIcon />}
              loading={runningAll}
              loadingPosition="start"
              disabled={!tests.data}
              onClick={runEvery}
            >
              {runningAll ? 'Running all...' : 'Run all'}
            </Button>
          </Stack>
          {invalid && (
            <Alert severity="error" sx={{ mb: 2 }}>
              Correct the test data first.
            </Alert>
          )}
          {testList}
        </Box>
      </Stack>
    </StaffPage>
  );
}
