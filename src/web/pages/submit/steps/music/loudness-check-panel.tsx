import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatDbtp, formatLufs, LOUDNESS_NO_ADVICE } from '../../../../../domain';
import type { LoudnessCheckOutcome } from '../../../../audio/check-file-loudness';
import type { LoudnessCheckState } from './use-loudness-check';

interface LoudnessCheckPanelProps {
  state: LoudnessCheckState | null;
  /** The track's name as the card shows it, for the accessible names. */
  trackName: string;
}

/**
 * The loudness and level check of a track's WAV (issue 21 §2): progress while the worker reads
 * the file, then what it found and what the artist may do, in the domain's words. Advice, never a
 * block: nothing here stops the artist going on. The outcome arrives in a polite live region that
 * is on the page from the start of the check, so a screen reader reads it once, when it comes.
 */
export function LoudnessCheckPanel({ state, trackName }: LoudnessCheckPanelProps) {
  if (!state) return null;
  const percent = state.status === 'checking' ? Math.floor(state.fraction * 100) : 100;
  return (
    <Box sx={{ mb: 2 }}>
      {state.status === 'checking' && (
        <Box>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Checking levels… {percent}%
          </Typography>
          <LinearProgress variant="determinate" value={percent} aria-label={`Level check of ${trackName}`} />
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
            You can carry on with the form meanwhile.
          </Typography>
        </Box>
      )}
      <Box aria-live="polite">
        {state.status === 'done' && <LoudnessOutcome outcome={state.outcome} trackName={trackName} />}
      </Box>
    </Box>
  );
}

function LoudnessOutcome({ outcome, trackName }: { outcome: LoudnessCheckOutcome; trackName: string }) {
  if (!outcome.ok)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Levels not checked: {outcome.reason.replace(/\.$/, '')}.
      </Typography>
    );
  const { measurement, advice, complete } = outcome;
  // Each figure kept on one line with its unit at a phone's width.
  const figures =
    measurement.truePeakDbtp === null ? null : (
      <>
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          Loudness {formatLufs(measurement.integratedLufs)}
        </Box>
        {' · '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          true peak {formatDbtp(measurement.truePeakDbtp)}
        </Box>
      </>
    );
  const clean = advice.length === 0;
  return (
    // role="note": an Alert's own role (alert) would interrupt; the live region around it is polite.
    <Alert
      role="note"
      aria-label={`Level check of ${trackName}`}
      severity={clean ? 'success' : 'info'}
      // On a phone the text takes the whole width: no icon column beside it.
      sx={{
        '& .MuiAlert-icon': { display: { xs: 'none', sm: 'flex' } },
        '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' },
      }}
    >
      <AlertTitle sx={{ mb: 0.5 }}>{clean ? 'Level check' : 'Level check: some advice'}</AlertTitle>
      {figures && (
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', mb: 1 }}>
          {figures}
        </Typography>
      )}
      {clean ? (
        <Typography variant="body2">{LOUDNESS_NO_ADVICE}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', '& > li + li': { mt: 1.5 } }}>
          {advice.map((item) => (
            <li key={item.kind}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {item.finding}
              </Typography>
              <Typography variant="body2">{item.advice}</Typography>
            </li>
          ))}
        </Box>
      )}
      {!complete && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          The file ends before the length its header gives, so this is what the part that is there measured.
        </Typography>
      )}
      {!clean && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          This is advice only: you can send the file as it is.
        </Typography>
      )}
    </Alert>
  );
}
