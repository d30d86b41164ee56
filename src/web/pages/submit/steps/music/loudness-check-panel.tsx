import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { LoudnessCheckOutcome } from '../../../../audio/check-file-loudness';
import { LevelCheckReport } from '../../../../components/level-check-report';
import type { LoudnessCheckState } from './use-loudness-check';

interface LoudnessCheckPanelProps {
  state: LoudnessCheckState | null;
  /** The track's name as the card shows it, for the accessible names. */
  trackName: string;
}

/**
 * The loudness and level check of a track's WAV: progress while the worker reads
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
  return (
    <LevelCheckReport
      measurement={outcome.measurement}
      advice={outcome.advice}
      complete={outcome.complete}
      label={`Level check of ${trackName}`}
      {...(outcome.advice.length > 0
        ? { footnote: 'This is advice only: you can send the file as it is.' }
        : {})}
    />
  );
}
