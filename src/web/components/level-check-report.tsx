import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  formatDbtp,
  formatLufs,
  LOUDNESS_NO_ADVICE,
  type LoudnessAdvice,
  type LoudnessMeasurement,
} from '../../domain';

interface LevelCheckReportProps {
  measurement: LoudnessMeasurement;
  /** `listLoudnessAdvice(measurement)`: the domain's words, the same for the artist and staff. */
  advice: LoudnessAdvice[];
  /** False when the file ended before the length its header gives. */
  complete: boolean;
  /** The report's accessible name, e.g. 'Level check of Night Drive'. */
  label: string;
  /** Figures shown after loudness and true peak (staff: clipping, silence). */
  moreFigures?: string[];
  /** A last line: for the artist, that this is advice only; for staff, when it was measured. */
  footnote?: string;
}

/**
 * What the loudness and level check found, as the artist sees it beside the file
 * before upload and staff see it beside the stored file: the figures, then each finding with its
 * advice, or that the levels look good. A note, never an alert: it is advice, not a block.
 */
export function LevelCheckReport({
  measurement,
  advice,
  complete,
  label,
  moreFigures = [],
  footnote,
}: LevelCheckReportProps) {
  // Each figure kept on one line with its unit at a phone's width.
  const figures = [
    ...(measurement.truePeakDbtp === null
      ? []
      : [
          `Loudness ${formatLufs(measurement.integratedLufs)}`,
          `true peak ${formatDbtp(measurement.truePeakDbtp)}`,
        ]),
    ...moreFigures,
  ];
  const clean = advice.length === 0;
  return (
    // role="note": an Alert's own role (alert) would interrupt.
    <Alert
      role="note"
      aria-label={label}
      severity={clean ? 'success' : 'info'}
      // On a phone the text takes the whole width: no icon column beside it.
      sx={{
        '& .MuiAlert-icon': { display: { xs: 'none', sm: 'flex' } },
        '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' },
      }}
    >
      <AlertTitle sx={{ mb: 0.5 }}>{clean ? 'Level check' : 'Level check: some advice'}</AlertTitle>
      {figures.length > 0 && (
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', mb: 1 }}>
          {figures.map((figure, index) => (
            <Box component="span" key={figure}>
              {index > 0 && ' · '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {figure}
              </Box>
            </Box>
          ))}
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
      {footnote && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {footnote}
        </Typography>
      )}
    </Alert>
  );
}
