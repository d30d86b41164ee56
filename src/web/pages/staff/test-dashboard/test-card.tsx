import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TestDashboardTestsResponse } from '../../../../domain';
import type { TestRunState } from './use-test-runs';

type DashboardTest = TestDashboardTestsResponse['tests'][number];

const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** One test: what it does and against which provider, its Run button, and its last result. */
export function TestCard({
  test,
  state,
  disabled,
  onRun,
}: {
  test: DashboardTest;
  state: TestRunState | undefined;
  /** Another run (Run all) holds the dashboard. */
  disabled: boolean;
  onRun(): void;
}) {
  const headingId = `test-${test.name}-heading`;
  const running = state?.running ?? false;
  const result = state?.result;
  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} variant="h6" component="h3">
              {test.label}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {test.description}
            </Typography>
          </Box>
          <Button
            variant="contained"
            size="small"
            startIcon={<PlayArrowIcon />}
            loading={running}
            loadingPosition="start"
            disabled={disabled}
            onClick={onRun}
            aria-label={running ? `Running ${test.label}` : `Run ${test.label}`}
            sx={{ flexShrink: 0 }}
          >
            {running ? 'Running...' : 'Run'}
          </Button>
        </Stack>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Provider:{' '}
          </Box>
          {test.provider}
        </Typography>

        <Box aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {state?.requestError && (
            <Alert severity="error">The test could not be run: {state.requestError}</Alert>
          )}
          {result && (
            <>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Chip
                  label={result.result}
                  color={result.result === 'SUCCESS' ? 'success' : 'error'}
                  size="small"
                  sx={{ fontWeight: 700, letterSpacing: '0.04em' }}
                />
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {result.durationMs.toLocaleString('en-US')} ms
                </Typography>
              </Stack>
              <Box
                component="pre"
                aria-label={`${test.label} detail`}
                sx={{
                  m: 0,
                  p: 1.5,
                  borderRadius: 1,
                  bgcolor: result.result === 'SUCCESS' ? 'grey.50' : '#fdf0f0',
                  border: 1,
                  borderColor: result.result === 'SUCCESS' ? 'divider' : 'error.light',
                  fontFamily: MONOSPACE,
                  fontSize: '0.8125rem',
                  lineHeight: 1.5,
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                }}
              >
                {result.detail}
              </Box>
            </>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
