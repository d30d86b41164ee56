import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import {
  describeDayDistance,
  explainKeyDate,
  formatLongDate,
  getKeyDateLabel,
  type IsoDate,
  isDeadline,
  type KeyDate,
  type KeyDatesView,
  measureDayDistance,
  type ReleaseMoment,
} from '../../domain';
import { type KeyDatesReader, keyDatesFileUrl, useKeyDates } from '../api/key-dates';
import { usePublicConfig } from '../config';
import { getToday } from '../forms/form-values';
import { brand } from '../theme';
import { QueryFailedAlert } from './load-failed-alert';
import { visuallyHidden } from './visually-hidden';

/** Past, today or in N days, as a chip; a deadline within the reminder window stands out. */
export function DayDistanceChip({
  date,
  today,
  urgentWithinDays,
  size = 'small',
}: {
  date: IsoDate;
  today: IsoDate;
  /** A date this close (or today) is shown as urgent; undefined: never. */
  urgentWithinDays?: number;
  size?: ChipProps['size'];
}) {
  const { when, days } = measureDayDistance(date, today);
  const words = describeDayDistance(date, today);
  if (when === 'past') return <Chip size={size} variant="outlined" label={`Passed (${words})`} />;
  // The filled warning chip takes dark ink, as StatusChip's does (white on that orange is 3.1:1).
  const warning = { color: brand.ink, fontWeight: 600 };
  if (when === 'today') return <Chip size={size} color="warning" label="Today" sx={warning} />;
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  if (urgentWithinDays !== undefined && days <= urgentWithinDays)
    return <Chip size={size} color="warning" label={label} sx={warning} />;
  return <Chip size={size} color="primary" variant="outlined" label={label} />;
}

function momentNote(moment: ReleaseMoment | undefined, keyDate: KeyDate): string | null {
  if (!moment || isDeadline(keyDate)) return null;
  const notes: string[] = [];
  if (moment.kind === 'single' && moment.trackTitles.length > 1) {
    notes.push(`Out that day: ${moment.trackTitles.map((title) => `"${title}"`).join(', ')}.`);
  }
  if (moment.withSingles.length > 0) {
    notes.push(
      `With the single${moment.withSingles.length > 1 ? 's' : ''} ${moment.withSingles.map((title) => `"${title}"`).join(' and ')}.`,
    );
  }
  if (moment.dateSource === 'default') {
    notes.push(
      'No date was chosen for this single, so it follows the 6-week spacing from the day it was submitted.',
    );
  }
  return notes.length > 0 ? notes.join(' ') : null;
}

function KeyDateItem({
  keyDate,
  moment,
  today,
  reminderDaysBefore,
  labelName,
}: {
  keyDate: KeyDate;
  moment: ReleaseMoment | undefined;
  today: IsoDate;
  reminderDaysBefore: number;
  labelName: string;
}) {
  const note = momentNote(moment, keyDate);
  return (
    <Box
      component="li"
      data-key-date={keyDate.key}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '170px 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
        <Typography component="time" dateTime={keyDate.date} sx={{ fontWeight: 600 }}>
          {formatLongDate(keyDate.date) ?? keyDate.date}
        </Typography>
        <DayDistanceChip
          date={keyDate.date}
          today={today}
          {...(isDeadline(keyDate) ? { urgentWithinDays: reminderDaysBefore } : {})}
        />
      </Stack>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem', overflowWrap: 'anywhere' }}>
          {getKeyDateLabel(keyDate.kind)}
          <Box component="span" sx={{ fontWeight: 400 }}>
            {' '}
            · {keyDate.subject}
          </Box>
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {explainKeyDate(keyDate.kind, labelName)}
        </Typography>
        {note && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {note}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function KeyDatesList({
  view,
  today,
  reader,
}: {
  view: KeyDatesView;
  today: IsoDate;
  reader: KeyDatesReader;
}) {
  const { labelName } = usePublicConfig();
  const { deliveryLeadDays, pitchLeadDays, reminderDaysBefore } = view.settings;
  const moments = new Map(view.moments.map((moment) => [moment.key, moment]));
  const who = reader === 'artist' ? 'you' : 'the artist';
  return (
    <>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        The dates that follow from the release plan. Everything must be final {deliveryLeadDays} days before
        each release day, and pitches to streaming editors close {pitchLeadDays} days before it.{' '}
        {reminderDaysBefore > 0
          ? `We e-mail ${who} ${reminderDaysBefore} day${reminderDaysBefore === 1 ? '' : 's'} before each deadline.`
          : `We e-mail ${who} on the day of each deadline.`}
      </Typography>
      {view.problems.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {view.problems.map((problem) => (
            <Box key={problem} component="span" sx={{ display: 'block' }}>
              {problem}
            </Box>
          ))}
        </Alert>
      )}
      {view.keyDates.length > 0 && (
        <Box component="ol" aria-label="Key dates, earliest first" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {view.keyDates.map((keyDate) => (
            <KeyDateItem
              key={keyDate.key}
              keyDate={keyDate}
              moment={moments.get(keyDate.momentKey)}
              today={today}
              reminderDaysBefore={reminderDaysBefore}
              labelName={labelName}
            />
          ))}
        </Box>
      )}
    </>
  );
}

/** Not a live region: the page's own loading and saving states are the ones announced. */
function KeyDatesSkeleton() {
  return (
    <Box aria-busy="true">
      <Box component="span" sx={visuallyHidden}>
        Loading key dates...
      </Box>
      <Stack spacing={1} aria-hidden="true">
        <Skeleton variant="text" width="80%" />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    </Box>
  );
}

/**
 * "Key dates" of a submission: every deadline and release day, what it means, and
 * whether it is past, today or in N days (from the reader's own today), with the calendar file.
 * Nothing is shown for a submission with nothing to plan (a catalogue transfer).
 */
export function KeyDatesSection({
  reader,
  itemId,
  headingVariant = 'h4',
  today = getToday(),
}: {
  reader: KeyDatesReader;
  itemId: string;
  headingVariant?: TypographyProps['variant'];
  today?: IsoDate;
}) {
  const headingId = useId();
  const query = useKeyDates(reader, itemId);
  if (query.data === null) return null;
  const hasDates = (query.data?.keyDates.length ?? 0) > 0;

  let content: ReactNode;
  if (query.data) content = <KeyDatesList view={query.data} today={today} reader={reader} />;
  else if (query.isError) content = <QueryFailedAlert query={query} what="The key dates" />;
  else content = <KeyDatesSkeleton />;

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}
      >
        <Typography id={headingId} component="h2" variant={headingVariant} sx={{ m: 0 }}>
          Key dates
        </Typography>
        {hasDates && (
          <Button
            component="a"
            href={keyDatesFileUrl(reader, itemId)}
            download
            variant="outlined"
            size="small"
            startIcon={<EventOutlinedIcon />}
          >
            Add to calendar (.ics)
          </Button>
        )}
      </Stack>
      {content}
    </Paper>
  );
}
