import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { type BoardRow, formatAnswerBy, formatResponseDue, getResponseDueColour } from '../../../../domain';
import { brand } from '../../../brand';
import { DeliveryStateChip } from '../../../components/delivery-state-chip';
import { usePlayer } from '../../../components/player/player-context';
import { StatusChip } from '../../../components/status-chip';
import { formatShortBoardDate, formatSubmissionType, releaseTitleOf } from './board-format';
import { queueItemOf } from './listen-to-pending-button';
import { NextDeadline } from './next-deadline';
import { detailsPath } from './triage-table';

/** One line of text, cut short with an ellipsis. */
const ONE_LINE = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/**
 * A card's play button: its first track in the console's player (the docked player, which keeps
 * playing from page to page); pause while it is the one playing.
 */
function PlayFirstTrack({ item }: { item: BoardRow }) {
  const player = usePlayer();
  const preview = item.preview;
  const artist = item.artistName || 'the artist';
  if (!preview) {
    return (
      <IconButton
        disabled
        aria-label={`No audio to play for "${releaseTitleOf(item)}"`}
        sx={{ width: 44, height: 44 }}
      >
        <PlayArrowIcon />
      </IconButton>
    );
  }
  const title = preview.trackTitle.trim() || 'the first track';
  const current = player.current?.submissionId === item.itemId;
  const playing = current && player.playing;
  return (
    <IconButton
      aria-label={`${playing ? 'Pause' : 'Play'} "${title}" by ${artist}`}
      aria-pressed={playing}
      color="primary"
      onClick={() => {
        if (current) {
          player.toggle();
          return;
        }
        const queued = queueItemOf(item);
        if (queued) player.play([queued]);
      }}
      sx={{ width: 44, height: 44, border: 1, borderColor: 'divider' }}
    >
      {playing ? <PauseIcon /> : <PlayArrowIcon />}
    </IconButton>
  );
}

/**
 * The board on a phone: a compact card per submission, so three or more fit a
 * phone's screen under the search and filters. Each has its status, title, artist, the answer-by
 * day of the response promise, its release date and next deadline (when it arrived is the wide
 * screen's, and the review's), a link to its review, a checkbox (a 44 px target) to select several
 * for one decision from the bar above, and a play button for its first track.
 */
export function BoardCards({
  items,
  selected,
  onSelectedChange,
}: {
  items: BoardRow[];
  selected: ReadonlySet<string>;
  onSelectedChange(next: Set<string>): void;
}) {
  return (
    <Stack component="ul" spacing={1} aria-label="Submissions" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => {
        const title = releaseTitleOf(item);
        const checked = selected.has(item.itemId);
        const due = item.responseDue;
        const dueColour = due ? getResponseDueColour(due.state) : 'default';
        return (
          <li key={item.itemId} data-item-id={item.itemId}>
            <Card
              sx={{
                display: 'flex',
                alignItems: 'stretch',
                ...(checked ? { outline: (theme) => `2px solid ${theme.palette.primary.main}` } : {}),
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'flex-start', pt: 0.5, pl: 0.25 }}>
                <Checkbox
                  checked={checked}
                  onChange={() => {
                    const next = new Set(selected);
                    if (checked) next.delete(item.itemId);
                    else next.add(item.itemId);
                    onSelectedChange(next);
                  }}
                  sx={{ width: 44, height: 44 }}
                  slotProps={{
                    input: { 'aria-label': `Select "${title}" by ${item.artistName || 'an unknown artist'}` },
                  }}
                />
              </Box>
              <CardActionArea
                component={RouterLink}
                to={detailsPath(item.itemId)}
                sx={{ minWidth: 0, flex: '1 1 auto', px: 0.5, py: 1 }}
              >
                <Stack
                  direction="row"
                  spacing={0.5}
                  useFlexGap
                  sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}
                >
                  <StatusChip status={item.status} />
                  <DeliveryStateChip state={item.deliveryState} />
                  {due && (
                    <Chip
                      label={formatResponseDue(due)}
                      color={dueColour}
                      size="small"
                      variant={dueColour === 'default' ? 'outlined' : 'filled'}
                      sx={{ fontWeight: 600, ...(dueColour === 'warning' ? { color: brand.ink } : {}) }}
                    />
                  )}
                  <Typography
                    variant="caption"
                    component="span"
                    sx={{ color: 'text.secondary', ml: 'auto', pl: 0.5 }}
                  >
                    {formatSubmissionType(item.uploadType, item.releaseType)}
                  </Typography>
                </Stack>
                <Typography sx={{ fontWeight: 700, lineHeight: 1.35, ...ONE_LINE }}>{title}</Typography>
                <Typography variant="body2" sx={{ ...ONE_LINE }}>
                  {item.artistName || '—'}
                </Typography>
                {due && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
                    <time dateTime={due.answerBy}>{formatAnswerBy(due.answerBy)}</time>
                  </Typography>
                )}
                <Typography variant="body2" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
                  Release {formatShortBoardDate(item.releaseDate)}
                </Typography>
                <NextDeadline itemId={item.itemId} />
              </CardActionArea>
              <Box sx={{ display: 'flex', alignItems: 'center', px: 0.75 }}>
                <PlayFirstTrack item={item} />
              </Box>
            </Card>
          </li>
        );
      })}
    </Stack>
  );
}
