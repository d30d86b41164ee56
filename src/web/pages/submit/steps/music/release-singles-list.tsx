import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  formatLongDate,
  getDefaultReleaseDate,
  type IsoDate,
  isIsoDate,
  isTrackOnSchedule,
  numberSinglesInReleaseOrder,
  SINGLE_SPACING_DAYS,
  setSingleReleaseDate,
  toggleTrackAsSingle,
} from '../../../../../domain';
import { fieldAnchor, fieldDomId, useFieldError } from '../../../../forms/field-errors';
import type { SubmitFormValues } from '../../../../forms/form-values';
import { ReleaseDateField } from './release-date-field';
import { useApplyStrategyUpdate } from './release-form-updates';

type FormTrack = SubmitFormValues['tracks'][number];

interface ReleaseSinglesListProps {
  today: IsoDate;
}

/**
 * The singles-first plan: every listed track can be ticked as a single, with its own date; the
 * others come out with the final single (3+ tracks) or on the full release date. Carries the
 * `releaseStrategy` anchor, since ticking a track here is what fixes 'select at least one'.
 */
export function ReleaseSinglesList({ today }: ReleaseSinglesListProps) {
  const errorId = useId();
  const { control, getValues } = useFormContext<SubmitFormValues>();
  const [tracks, lastSingleDate, fullReleaseDate, earlyReleaseRequest] = useWatch({
    control,
    name: ['tracks', 'lastSingleDate', 'fullReleaseDate', 'earlyReleaseRequest'],
  });
  const applyUpdate = useApplyStrategyUpdate();
  const error = useFieldError('releaseStrategy');
  const numbers = numberSinglesInReleaseOrder(tracks);
  const listed = tracks
    .map((track, index) => ({ track, index }))
    .filter(({ track }) => isTrackOnSchedule(track));
  const minSingleDate = earlyReleaseRequest ? undefined : getDefaultReleaseDate(today);
  const spacingWeeks = SINGLE_SPACING_DAYS / 7;

  const otherTracksText = (track: FormTrack): string => {
    if (track.groupedWithFinalSingle) {
      return isIsoDate(lastSingleDate)
        ? `Released with the final single on ${formatLongDate(lastSingleDate)}`
        : 'Released with the final single';
    }
    return isIsoDate(fullReleaseDate)
      ? `Released on the full release date, ${formatLongDate(fullReleaseDate)}`
      : 'Released on the full release date';
  };

  return (
    <Box
      component="fieldset"
      {...fieldAnchor('releaseStrategy')}
      aria-describedby={error ? errorId : undefined}
      sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
    >
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0 }}>
        Choose your singles
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        Tick the tracks to release as singles before the rest. Each new single is dated {spacingWeeks} weeks
        after the previous one; change any date you like.
      </Typography>
      {error && (
        <Alert id={errorId} severity="error" sx={{ mb: 1.5 }}>
          {error}
        </Alert>
      )}
      {listed.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Add your tracks above to choose which ones come out as singles.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {listed.map(({ track, index }) => (
            <SingleRow
              key={track.id}
              track={track}
              index={index}
              number={numbers.get(track.id)}
              minSingleDate={minSingleDate}
              otherTracksText={otherTracksText(track)}
              onToggle={(asSingle) =>
                applyUpdate(toggleTrackAsSingle(getValues('tracks'), track.id, asSingle, today))
              }
              onDateChange={(date) => applyUpdate(setSingleReleaseDate(getValues('tracks'), track.id, date))}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

interface SingleRowProps {
  track: FormTrack;
  index: number;
  /** Position in the release order when ticked ('Single 1' comes out first). */
  number: number | undefined;
  minSingleDate: IsoDate | undefined;
  otherTracksText: string;
  onToggle(asSingle: boolean): void;
  onDateChange(date: IsoDate | ''): void;
}

function SingleRow({
  track,
  index,
  number,
  minSingleDate,
  otherTracksText,
  onToggle,
  onDateChange,
}: SingleRowProps) {
  const nameId = useId();
  const position = `Track ${index + 1}`;
  const title = track.title.trim();
  const single = Boolean(track.releaseAsSingle);
  const date = track.singleReleaseDate;
  return (
    <Box component="li">
      <Box
        role="group"
        aria-labelledby={nameId}
        sx={{
          border: 1,
          borderColor: single ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 2,
        }}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Box sx={{ minWidth: 0 }}>
            {title && (
              <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                {position}
              </Typography>
            )}
            <Typography id={nameId} variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
              {title || position}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
            {single && number !== undefined && (
              <Chip size="small" color="primary" label={`Single ${number}`} />
            )}
            <FormControlLabel
              control={
                <Checkbox
                  id={fieldDomId(`tracks.${index}.releaseAsSingle`)}
                  checked={single}
                  onChange={(_event, checked) => onToggle(checked)}
                />
              }
              label="Release as single"
              sx={{ mr: 0 }}
            />
          </Stack>
        </Stack>
        <Box sx={{ mt: 1.5 }}>
          {single ? (
            <ReleaseDateField
              path={`tracks.${index}.singleReleaseDate`}
              label="Single release date"
              required
              value={date}
              onChange={onDateChange}
              min={minSingleDate}
              hint={isIsoDate(date) ? formatLongDate(date) : 'Pick the day this single comes out.'}
            />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {otherTracksText}
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}
