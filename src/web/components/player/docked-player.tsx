import CloseIcon from '@mui/icons-material/Close';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDuration } from '../../../domain/files/media-quality';
import { useBoardItem } from '../../api/board';
import { type ImageMappingEntry, useImageEntry } from '../../api/image-mapping';
import { ResponsiveImage } from '../responsive-image';
import { visuallyHidden } from '../visually-hidden';
import type { PlayerItem } from './player-store';
import { QueueDecisions } from './queue-decisions';
import { type PlayerDetails, usePlayerDetails } from './use-player';

const THUMB = 48;
const CONTROL = { width: 44, height: 44 };

/** Where the current track is, from its element's events. */
function useAudioTime(audio: HTMLAudioElement | null) {
  const [time, setTime] = useState({ position: 0, duration: 0 });
  useEffect(() => {
    if (!audio) return;
    const read = () =>
      setTime({
        position: audio.currentTime || 0,
        duration: Number.isFinite(audio.duration) ? audio.duration : 0,
      });
    // The lock screen's progress bar: told the length, place and speed when they change, it
    // moves on by itself (Media Session API, setPositionState).
    const tellSession = () => {
      read();
      if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
      if (!Number.isFinite(audio.duration) || audio.duration <= 0) return;
      try {
        navigator.mediaSession.setPositionState?.({
          duration: audio.duration,
          position: Math.min(audio.currentTime, audio.duration),
          playbackRate: audio.playbackRate || 1,
        });
      } catch {
        // A state the browser refuses (a length it does not know yet) leaves the last one.
      }
    };
    read();
    const reads = ['timeupdate', 'emptied'] as const;
    const tells = ['durationchange', 'loadedmetadata', 'seeked', 'play', 'pause', 'ratechange'] as const;
    for (const name of reads) audio.addEventListener(name, read);
    for (const name of tells) audio.addEventListener(name, tellSession);
    return () => {
      for (const name of reads) audio.removeEventListener(name, read);
      for (const name of tells) audio.removeEventListener(name, tellSession);
    };
  }, [audio]);
  return time;
}

/**
 * Keeps the page's end clear of the docked player: the body gets its height as bottom padding, so
 * the last row of a list scrolls up above it, and scrolling a focused row into view leaves it
 * visible (scroll-padding). `--docked-player-height` tells other fixed parts where it ends.
 */
function useDockedSpace(ref: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const apply = () => {
      const height = `${Math.ceil(element.getBoundingClientRect().height)}px`;
      document.body.style.paddingBottom = height;
      root.style.scrollPaddingBottom = height;
      root.style.setProperty('--docked-player-height', height);
    };
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      document.body.style.paddingBottom = '';
      root.style.scrollPaddingBottom = '';
      root.style.removeProperty('--docked-player-height');
    };
  }, [ref]);
}

/** The artwork for the lock screen: the JPEG variants by size (every platform shows JPEG), else the file. */
export function mediaArtworkOf(entry: ImageMappingEntry | null, url: string | undefined): MediaImage[] {
  const jpeg = (entry?.variants ?? []).filter((variant) => variant.format === 'jpeg');
  if (jpeg.length > 0)
    return jpeg.map((variant) => ({
      src: variant.url,
      sizes: `${variant.width}x${variant.height}`,
      type: 'image/jpeg',
    }));
  return url ? [{ src: url }] : [];
}

/**
 * Names what plays on the lock screen and in the system's media controls (Media Session API,
 * https://w3c.github.io/mediasession/): title, artist, album and artwork.
 */
function useMediaSessionMetadata(current: PlayerItem, artworkUrl: string | undefined) {
  const artwork = useImageEntry(artworkUrl);
  const entry = artwork.kind === 'ready' ? artwork.entry : null;
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    if (typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: current.trackTitle,
      artist: current.artistName,
      album: current.releaseTitle,
      artwork: mediaArtworkOf(entry, artworkUrl),
    });
  }, [current, entry, artworkUrl]);
}

function Artwork({ url, title }: { url: string | undefined; title: string }) {
  const frame = { width: THUMB, height: THUMB, borderRadius: 1, flexShrink: 0 };
  const placeholder = (
    <Box
      sx={{
        ...frame,
        bgcolor: 'action.hover',
        display: 'grid',
        placeItems: 'center',
        color: 'text.secondary',
      }}
    >
      <MusicNoteIcon aria-hidden="true" />
    </Box>
  );
  if (!url) return placeholder;
  return (
    <ResponsiveImage
      key={url}
      src={url}
      alt={`Artwork of ${title}`}
      sizes={`${THUMB}px`}
      width={THUMB}
      height={THUMB}
      fallback={placeholder}
      sx={{ ...frame, objectFit: 'cover', display: 'block' }}
    />
  );
}

function QueuePanel({ player, id }: { player: PlayerDetails; id: string }) {
  const headingId = useId();
  return (
    <Box
      id={id}
      role="region"
      aria-labelledby={headingId}
      sx={{ borderBottom: 1, borderColor: 'divider', py: 1, maxHeight: '40vh', overflowY: 'auto' }}
    >
      <Typography id={headingId} variant="subtitle2" component="h2" sx={{ px: 1, mb: 0.5 }}>
        {player.options.label ?? 'Queue'} ({player.items.length})
      </Typography>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {player.items.map((item, at) => (
          <li key={`${item.submissionId}-${item.trackId ?? at}`}>
            <ButtonBase
              onClick={() => player.playAt(at)}
              aria-current={at === player.index ? 'true' : undefined}
              sx={{
                width: '100%',
                minHeight: 44,
                px: 1,
                justifyContent: 'flex-start',
                textAlign: 'left',
                borderRadius: 1,
                gap: 1,
                bgcolor: at === player.index ? 'action.selected' : undefined,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Box component="span" sx={{ color: 'text.secondary', minWidth: '2ch' }}>
                {at + 1}.
              </Box>
              <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {item.releaseTitle || item.trackTitle}
                </Box>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {' '}
                  · {item.trackTitle} · {item.artistName}
                </Box>
                {at === player.index && (
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    (playing)
                  </Box>
                )}
              </Box>
            </ButtonBase>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The staff console's player, docked at the bottom of the screen above the safe area while
 * something is loaded: the artwork, the track and its submission, play/pause, previous and next,
 * a seek bar, the queue and, for the listening queue, a decision on the submission playing.
 */
export function DockedPlayer() {
  const player = usePlayerDetails();
  if (!player.current) return null;
  return <Docked player={player} current={player.current} />;
}

function Docked({ player, current }: { player: PlayerDetails; current: PlayerItem }) {
  const { playing, items, index } = player;
  // The submission as staff see it: its artwork when the item came without (a board row has none),
  // and the decision dialog's data, ready before it is opened.
  const detail = useBoardItem(current.submissionId);
  const artworkUrl =
    current.artworkUrl ??
    (detail.data?.itemId === current.submissionId ? detail.data.artwork?.url : undefined);
  useMediaSessionMetadata(current, artworkUrl);
  const audio = player.audio();
  const time = useAudioTime(audio);
  const [seeking, setSeeking] = useState<number | null>(null);
  const [queueOpen, setQueueOpen] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const queueId = useId();
  useDockedSpace(panel);

  const position = seeking ?? time.position;
  const queued = items.length > 1;
  const announce = `${queued ? `${index + 1} of ${items.length}: ` : ''}${current.trackTitle} by ${current.artistName || 'an unknown artist'}`;

  return (
    <Paper
      ref={panel}
      component="section"
      aria-label="Player"
      elevation={8}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 'appBar',
        borderTop: 1,
        borderColor: 'divider',
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <Container maxWidth="lg" sx={{ px: { xs: 1, sm: 2 } }}>
        {queued && queueOpen && <QueuePanel player={player} id={queueId} />}
        <Box role="status" aria-live="polite" sx={visuallyHidden}>
          {announce}
        </Box>
        <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }} sx={{ alignItems: 'center', pt: 1 }}>
          <Artwork url={artworkUrl} title={current.releaseTitle || current.trackTitle} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Link
              component={RouterLink}
              to={`/details/${encodeURIComponent(current.submissionId)}`}
              underline="hover"
              color="inherit"
              sx={{
                display: 'block',
                fontWeight: 600,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {current.trackTitle || 'Untitled'}
            </Link>
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {[current.artistName, current.releaseTitle].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          {queued && (
            <IconButton
              aria-label="Previous track"
              onClick={player.previous}
              disabled={index === 0}
              sx={CONTROL}
            >
              <SkipPreviousIcon />
            </IconButton>
          )}
          <IconButton
            aria-label={playing ? 'Pause' : 'Play'}
            onClick={player.toggle}
            color="primary"
            sx={{ ...CONTROL, bgcolor: 'action.hover' }}
          >
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
          {queued && (
            <IconButton
              aria-label="Next track"
              onClick={player.next}
              disabled={index >= items.length - 1}
              sx={CONTROL}
            >
              <SkipNextIcon />
            </IconButton>
          )}
          <IconButton aria-label="Close the player" onClick={player.stop} sx={CONTROL}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', pl: 0.5, minHeight: 44 }}>
          <Typography
            variant="caption"
            sx={{ minWidth: '4ch', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
          >
            {formatDuration(position)}
          </Typography>
          <Slider
            size="small"
            aria-label={`Position in ${current.trackTitle || 'the track'}`}
            min={0}
            max={time.duration || 1}
            step={1}
            value={Math.min(position, time.duration || 1)}
            disabled={time.duration === 0}
            getAriaValueText={(seconds) => `${formatDuration(seconds)} of ${formatDuration(time.duration)}`}
            onChange={(_, value) => setSeeking(value as number)}
            onChangeCommitted={(_, value) => {
              player.seek(value as number);
              setSeeking(null);
            }}
            sx={{ flex: 1, mx: 1 }}
          />
          <Typography variant="caption" sx={{ minWidth: '4ch', fontVariantNumeric: 'tabular-nums' }}>
            {time.duration ? formatDuration(time.duration) : '–:––'}
          </Typography>
          {queued && (
            <IconButton
              aria-label={`Queue, ${items.length} tracks`}
              aria-expanded={queueOpen}
              aria-controls={queueOpen ? queueId : undefined}
              onClick={() => setQueueOpen((open) => !open)}
              color={queueOpen ? 'primary' : 'default'}
              sx={CONTROL}
            >
              <QueueMusicIcon />
            </IconButton>
          )}
        </Stack>
        {player.error && (
          <Typography role="alert" variant="body2" sx={{ color: 'error.main', px: 0.5 }}>
            {player.error}
          </Typography>
        )}
        {player.options.decisions && <QueueDecisions player={player} />}
      </Container>
    </Paper>
  );
}
