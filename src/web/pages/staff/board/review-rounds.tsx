import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import {
  type ContributorsValue,
  type FieldChangeView,
  getStatusLabel,
  type ReviewRound,
  type ReviewRoundStatus,
  type SplitsValue,
} from '../../../../domain';
import { useReviewRounds } from '../../../api/review';
import { PanelSection } from '../../../components/panel-section';
import { ResponsiveImage } from '../../../components/responsive-image';
import { visuallyHidden } from '../../../components/visually-hidden';
import { EMPTY_VALUE, formatBoardDate, formatFileSize, formatSubmittedAt } from './board-format';
import { DownloadButton } from './detail-parts';

const ROUND_STATUS: Record<ReviewRoundStatus, { label: string; colour: 'warning' | 'success' | 'default' }> =
  {
    open: { label: 'Waiting for the artist', colour: 'warning' },
    resubmitted: { label: 'Answered', colour: 'success' },
    withdrawn: { label: 'Withdrawn', colour: 'default' },
  };

type FileSnapshotView = Extract<FieldChangeView, { field: 'artwork' }>['after'];

/** Who and when, in one line: 'by Sam Staff · Jan 5, 2027, 3:04 PM'. */
function ByLine({ who, at, verb }: { who: string | null; at: string; verb: string }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {verb} by {who ?? 'someone no longer on the team'} · <time dateTime={at}>{formatSubmittedAt(at)}</time>
    </Typography>
  );
}

function Quote({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="blockquote"
      sx={{ m: 0, p: 1.5, bgcolor: 'background.default', borderRadius: '8px', whiteSpace: 'pre-line' }}
    >
      <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * One file of a replacement: the picture or a player (from the signed link), its name and size,
 * the SHA-256 that tells the two files apart, and a download. A file no longer stored says so.
 */
function FileVersion({
  file,
  kind,
  side,
  label,
}: {
  file: FileSnapshotView | null;
  kind: 'image' | 'audio';
  side: 'Before' | 'After';
  label: string;
}) {
  return (
    <Paper variant="outlined" component="figure" sx={{ m: 0, p: 2, minWidth: 0 }}>
      <Typography variant="subtitle2" component="figcaption" sx={{ mb: 1 }}>
        {side}
        <Box component="span" sx={visuallyHidden}>
          : {label}
        </Box>
      </Typography>
      {!file ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No file.
        </Typography>
      ) : (
        <Stack spacing={1}>
          {file.url ? (
            kind === 'image' ? (
              <ResponsiveImage
                key={file.url}
                src={file.url}
                alt={`${label}, ${side.toLowerCase()}: ${file.fileName}`}
                sizes="(min-width: 600px) 240px, 100vw"
                width={240}
                height={240}
                sx={{
                  width: '100%',
                  maxWidth: 240,
                  height: 'auto',
                  aspectRatio: '1 / 1',
                  display: 'block',
                  objectFit: 'contain',
                  bgcolor: 'background.default',
                  borderRadius: '8px',
                  border: 1,
                  borderColor: 'divider',
                }}
              />
            ) : (
              // biome-ignore lint/a11y/useMediaCaption: a master recording has no captions; staff listen to compare
              <audio
                controls
                preload="none"
                src={file.url}
                aria-label={`Play ${label}, ${side.toLowerCase()}: ${file.fileName}`}
                style={{ width: '100%', display: 'block' }}
              />
            )
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              This file is no longer stored.
            </Typography>
          )}
          <Typography sx={{ overflowWrap: 'anywhere' }}>{file.fileName}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {formatFileSize(file.size)}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            SHA-256{' '}
            <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
              {file.sha256}
            </Box>
          </Typography>
          {file.downloadUrl && (
            <div>
              <DownloadButton
                href={file.downloadUrl}
                label={`Download ${label}, ${side.toLowerCase()} (${file.fileName})`}
              />
            </div>
          )}
        </Stack>
      )}
    </Paper>
  );
}

function formatPeople(value: ContributorsValue): string {
  if (value.soloWork) return 'Solo work';
  const people = [
    ...value.featuredArtists.map((c) => ({ c, as: 'Featured artist' })),
    ...value.producers.map((c) => ({ c, as: 'Producer' })),
    ...value.nonFeaturedArtists.map((c) => ({ c, as: 'Non-featured artist' })),
  ];
  if (people.length === 0) return EMPTY_VALUE;
  return people
    .map(
      ({ c, as }) =>
        `${`${c.firstName} ${c.surname}`.trim()} (${as}${c.roles.length ? `: ${c.roles.join(', ')}` : ''})`,
    )
    .join('\n');
}

function formatSplits(value: SplitsValue, people: ContributorsValue | null = null): string {
  if (!value.hasMasterSplit || value.masterSplits.length === 0) return 'No master splits';
  const everyone = people
    ? [...people.featuredArtists, ...people.producers, ...people.nonFeaturedArtists]
    : [];
  return value.masterSplits
    .map((split) => {
      const contributor = split.contributorId
        ? everyone.find((c) => c.id === split.contributorId)
        : undefined;
      const name = contributor
        ? `${contributor.firstName} ${contributor.surname}`
        : `${split.firstName ?? ''} ${split.lastName ?? ''}`.trim() || 'A contributor of the track';
      return `${name}${split.email ? ` <${split.email}>` : ''}: ${split.percentage}%`;
    })
    .join('\n');
}

/** A value that is text, as old → new. */
function textOf(change: FieldChangeView, side: 'before' | 'after'): string {
  switch (change.field) {
    case 'releaseDate': {
      const value = change[side];
      return value ? formatBoardDate(value) : EMPTY_VALUE;
    }
    case 'trackTitle':
    case 'trackIsrc':
      return change[side]?.trim() || EMPTY_VALUE;
    case 'trackContributors': {
      const value = change[side];
      return value ? formatPeople(value) : EMPTY_VALUE;
    }
    case 'trackSplits': {
      const value = change[side];
      return value ? formatSplits(value) : EMPTY_VALUE;
    }
    case 'catalogueItem': {
      const value = change[side];
      if (!value) return EMPTY_VALUE;
      return [
        `Title: ${value.title || EMPTY_VALUE}`,
        `Artist: ${value.artist || EMPTY_VALUE}`,
        `Spotify: ${value.spotifyUrl || EMPTY_VALUE}`,
        formatSplits(value),
      ].join('\n');
    }
    default:
      return '';
  }
}

function ValueVersion({ side, text, label }: { side: 'Before' | 'After'; text: string; label: string }) {
  return (
    <Box
      sx={{
        minWidth: 0,
        p: 1.5,
        borderRadius: '8px',
        bgcolor: side === 'After' ? 'action.hover' : 'background.default',
      }}
    >
      <Typography variant="subtitle2" component="p">
        {side}
        <Box component="span" sx={visuallyHidden}>
          : {label}
        </Box>
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{text}</Typography>
    </Box>
  );
}

const SIDE_BY_SIDE = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** One field's old → new: files side by side with both hashes, values before and after. */
function FieldChange({ change }: { change: FieldChangeView }) {
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {change.label}
        </Typography>
        <Chip
          size="small"
          label={change.changed ? 'Changed' : 'Sent back unchanged'}
          color={change.changed ? 'success' : 'default'}
          variant="outlined"
        />
      </Stack>
      {change.field === 'artwork' || change.field === 'trackAudio' ? (
        <Box sx={SIDE_BY_SIDE}>
          <FileVersion
            file={change.before}
            kind={change.field === 'artwork' ? 'image' : 'audio'}
            side="Before"
            label={change.label}
          />
          <FileVersion
            file={change.after}
            kind={change.field === 'artwork' ? 'image' : 'audio'}
            side="After"
            label={change.label}
          />
        </Box>
      ) : (
        <Box sx={SIDE_BY_SIDE}>
          <ValueVersion side="Before" text={textOf(change, 'before')} label={change.label} />
          <ValueVersion side="After" text={textOf(change, 'after')} label={change.label} />
        </Box>
      )}
    </Box>
  );
}

function Round({ round }: { round: ReviewRound }) {
  const headingId = useId();
  const status = ROUND_STATUS[round.status];
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Stack spacing={2}>
        <Box>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}
          >
            <Typography id={headingId} variant="h4" component="h3">
              Round {round.number}
            </Typography>
            <Chip size="small" label={status.label} color={status.colour} />
          </Stack>
          <ByLine verb="Requested" who={round.requestedBy} at={round.requestedAt} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The submission was {getStatusLabel(round.fromStatus)}
            {round.template ? ` · Template: ${round.template.name}` : ''}
          </Typography>
        </Box>
        {round.message && <Quote label="Message to the artist:">{round.message}</Quote>}
        <Box>
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
            Marked fields ({round.fields.length})
          </Typography>
          <Stack component="ul" spacing={1} sx={{ m: 0, pl: 2.5 }}>
            {round.fields.map((field) => (
              <li key={field.key}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {field.label}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  Note: {field.note}
                </Typography>
              </li>
            ))}
          </Stack>
        </Box>
        {round.status === 'withdrawn' && round.closedAt && (
          <ByLine verb="Withdrawn" who={round.closedBy} at={round.closedAt} />
        )}
        {round.status === 'resubmitted' && round.resubmittedAt && (
          <Stack spacing={2}>
            <ByLine verb="Sent back" who={round.resubmittedBy} at={round.resubmittedAt} />
            {round.artistComment && <Quote label="The artist's comment:">{round.artistComment}</Quote>}
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
              What changed
            </Typography>
            <Stack component="ul" spacing={3} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {round.changes.map((change) => (
                <FieldChange key={change.key} change={change} />
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Every round of change requests on the submission, the latest first: what was
 * marked with the notes, and once the artist answered, each field's old → new (a replaced file
 * with both files, both hashes, both previewable). Nothing is overwritten: each round stays.
 */
export function ReviewRounds({ itemId }: { itemId: string }) {
  const query = useReviewRounds(itemId);
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Box role="status">
        <Box component="span" sx={visuallyHidden}>
          Loading change requests...
        </Box>
        <Skeleton variant="rounded" height={96} aria-hidden="true" />
      </Box>
    );
  } else if (query.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        The change requests could not be loaded: {query.error.message}
      </Alert>
    );
  } else if (query.data.length === 0) {
    body = <Typography sx={{ color: 'text.secondary' }}>No changes have been requested.</Typography>;
  } else {
    body = (
      <Stack spacing={2}>
        {[...query.data].reverse().map((round) => (
          <Round key={round.roundId} round={round} />
        ))}
      </Stack>
    );
  }
  return <PanelSection title="Change requests">{body}</PanelSection>;
}
