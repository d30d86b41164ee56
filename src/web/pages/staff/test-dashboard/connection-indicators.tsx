import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HealthCheck } from '../../../../domain';
import { useHealth } from '../../../api/test-dashboard';

type IndicatorState = 'ok' | 'down' | 'unknown';

interface Indicator {
  key: string;
  name: string;
  state: IndicatorState;
  /** The implementation: 'monday.com', 'local disk', ... */
  provider: string;
  latencyMs?: number | undefined;
  note?: string | undefined;
}

const STATE_TEXT: Record<IndicatorState, string> = { ok: 'Connected', down: 'Down', unknown: 'Unknown' };
const STATE_COLOUR: Record<IndicatorState, string> = {
  ok: 'success.main',
  down: 'error.main',
  unknown: 'grey.500',
};

/** The providers shown, in the spec's order (server, board, storage) and then Imprint's own. */
const PROVIDERS = [
  { key: 'board', name: 'Board' },
  { key: 'storage', name: 'File storage' },
  { key: 'mail', name: 'Mail' },
  { key: 'signing', name: 'Signing' },
  { key: 'catalogue', name: 'Music catalogue' },
] as const;

function fromCheck(key: string, name: string, check: HealthCheck): Indicator {
  return {
    key,
    name,
    state: check.status === 'ok' ? 'ok' : 'down',
    provider: check.provider,
    latencyMs: check.latencyMs,
    note: check.status === 'ok' ? undefined : check.message,
  };
}

function IndicatorTile({ indicator }: { indicator: Indicator }) {
  const latency = indicator.latencyMs === undefined ? '' : `, ${Math.round(indicator.latencyMs)} ms`;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', gap: 1.25, alignItems: 'flex-start', minWidth: 0 }}
    >
      <Box
        aria-hidden="true"
        sx={{
          width: 12,
          height: 12,
          mt: 0.6,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: STATE_COLOUR[indicator.state],
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, lineHeight: 1.4 }}>{indicator.name}</Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {indicator.provider}
        </Typography>
        <Typography
          variant="body2"
          sx={{
            color: indicator.state === 'down' ? 'error.main' : 'text.secondary',
            overflowWrap: 'anywhere',
          }}
        >
          {STATE_TEXT[indicator.state]}
          {latency}
          {indicator.note ? ` (${indicator.note})` : ''}
        </Typography>
      </Box>
    </Paper>
  );
}

/**
 * The connection indicators (spec 000 §2: server, task board, file storage; Imprint adds mail,
 * signing and the music catalogue), from /api/health. The server is connected when it answered
 * at all: a 503 still names what failed.
 */
export function ConnectionIndicators() {
  const health = useHealth();
  const answer = health.data;

  let indicators: Indicator[];
  if (health.isPending) {
    indicators = [
      { key: 'server', name: 'Server', state: 'unknown', provider: 'Checking...' },
      ...PROVIDERS.map(({ key, name }) => ({
        key,
        name,
        state: 'unknown' as const,
        provider: 'Checking...',
      })),
    ];
  } else if (!answer) {
    indicators = [
      {
        key: 'server',
        name: 'Server',
        state: 'down',
        provider: 'Imprint',
        note: health.error?.message ?? 'no answer',
      },
      ...PROVIDERS.map(({ key, name }) => ({ key, name, state: 'unknown' as const, provider: 'Not known' })),
    ];
  } else {
    const { health: status, roundTripMs } = answer;
    indicators = [
      {
        key: 'server',
        name: 'Server',
        state: 'ok',
        provider: `Imprint ${status.version} (${status.checks.database.provider})`,
        latencyMs: roundTripMs,
        note: status.status === 'ok' ? undefined : status.status === 'fail' ? 'cannot serve' : 'degraded',
      },
      ...PROVIDERS.map(({ key, name }) => fromCheck(key, name, status.checks[key])),
    ];
  }

  return (
    <Box>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h2">
          Connections
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={<RefreshIcon />}
          loading={health.isFetching}
          loadingPosition="start"
          onClick={() => void health.refetch()}
        >
          Refresh
        </Button>
      </Stack>
      <Box
        component="ul"
        aria-label="Connections"
        aria-busy={health.isFetching}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(6, minmax(0, 1fr))',
          },
        }}
      >
        {indicators.map((indicator) => (
          <IndicatorTile key={indicator.key} indicator={indicator} />
        ))}
      </Box>
    </Box>
  );
}
