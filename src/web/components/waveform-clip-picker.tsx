import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import {
  type AudioWaveform,
  type ClipRegion,
  clampClipRegion,
  describeClipRegion,
  formatClipLengthLimited,
  getAllowedClipLength,
  getClipRegionForKey,
  PLAYBACK_MESSAGES,
} from '../../domain';
import { readCspNonce } from '../config';
import { visuallyHidden } from './visually-hidden';

/**
 * The social clip picker: the track's waveform (wavesurfer.js, drawn from peaks
 * measured once, never decoded here) with one region per clip. A region is dragged, resized within
 * the spec's 30-60 seconds, nudged with the arrow keys when focused (a slider: the clip's place on
 * the track), and played on its own. Every change is handed to `onChange` in whole seconds, and the
 * clips come back as props, so the mm:ss fields beside it and the regions are one state.
 *
 * Loaded on demand (the clips switch is on): wavesurfer.js stays out of the page's first paint.
 */

export interface PickerClip {
  id: string;
  /** 1-based, as the clip's fields are headed ("Clip 1"). */
  number: number;
  /** Null while the clip's times do not read as a span of the track: no region is drawn. */
  region: ClipRegion | null;
}

export interface WaveformClipPickerProps {
  waveform: AudioWaveform;
  /** The track's audio to play the clips from: the picked file, else a (signed) link to it. */
  file?: Blob | undefined;
  url?: string | null | undefined;
  /** Names the track for screen readers. */
  trackName: string;
  clips: PickerClip[];
  onChange(id: string, region: ClipRegion): void;
}

const HEIGHT = 96;
const LENGTH_MARGIN_SECONDS = 0.01;

function sameRegion(region: Region, wanted: ClipRegion): boolean {
  return Math.abs(region.start - wanted.start) < 0.01 && Math.abs(region.end - wanted.end) < 0.01;
}

/** The audio source: an object URL of the picked file (revoked with it), else the link. */
function useAudioSource(file: Blob | undefined, url: string | null | undefined): string | undefined {
  const [objectUrl, setObjectUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!file) {
      setObjectUrl(undefined);
      return undefined;
    }
    const made = URL.createObjectURL(file);
    setObjectUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return file ? objectUrl : (url ?? undefined);
}

export default function WaveformClipPicker({
  waveform,
  file,
  url,
  trackName,
  clips,
  onChange,
}: WaveformClipPickerProps) {
  const theme = useTheme();
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const containerRef = useRef<HTMLDivElement>(null);
  const surferRef = useRef<WaveSurfer | null>(null);
  const pluginRef = useRef<ReturnType<typeof RegionsPlugin.create> | null>(null);
  const regionsRef = useRef(new Map<string, Region>());
  const [ready, setReady] = useState(false);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [playError, setPlayError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** Times while a region is being dragged, before they reach the form. */
  const [live, setLive] = useState<Record<string, ClipRegion>>({});
  const instructionsId = useId();
  const source = useAudioSource(file, url);
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const duration = waveform.durationSeconds;

  // The latest props for the handlers wavesurfer keeps: it is created once per waveform.
  const latest = useRef({ clips, onChange });
  latest.current = { clips, onChange };

  const colours = [theme.palette.primary.main, theme.palette.secondary.main];
  const colourOf = (number: number) => colours[(number - 1) % colours.length] ?? theme.palette.primary.main;

  /** Hands a region's new place to the form and says it for screen readers. */
  const commit = (id: string, region: ClipRegion, raw?: ClipRegion) => {
    const clip = latest.current.clips.find((c) => c.id === id);
    if (!clip) return;
    const rawLength = raw ? raw.end - raw.start : region.end - region.start;
    const { min, max } = getAllowedClipLength(duration);
    const limited = raw !== undefined && (rawLength < min - 0.5 || rawLength > max + 0.5);
    const said = describeClipRegion(clip.number, region);
    setAnnouncement(
      limited ? `${said}. ${formatClipLengthLimited(clip.number, region.end - region.start)}` : said,
    );
    latest.current.onChange(id, region);
  };
  const commitRef = useRef(commit);
  commitRef.current = commit;

  // wavesurfer and its regions, once per waveform; the audio element loads nothing until played.
  // The colours and the source are read when it is created; a new waveform makes a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per waveform on purpose
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const media = document.createElement('audio');
    media.preload = 'none';
    const nonce = readCspNonce();
    const surfer = WaveSurfer.create({
      container,
      // Its shadow root's <style> is admitted by the page's CSP nonce, as Emotion's are.
      ...(nonce ? { cspNonce: nonce } : {}),
      height: HEIGHT,
      waveColor: theme.palette.text.disabled,
      progressColor: theme.palette.text.secondary,
      cursorColor: theme.palette.text.primary,
      cursorWidth: 2,
      barWidth: 2,
      barGap: 1,
      barRadius: 1,
      normalize: true,
      interact: true,
      autoScroll: false,
      autoCenter: false,
      media,
      peaks: [Float32Array.from(waveform.peaks, (peak) => peak / 100)],
      duration,
      ...(sourceRef.current ? { url: sourceRef.current } : {}),
    });
    const plugin = surfer.registerPlugin(RegionsPlugin.create());
    surferRef.current = surfer;
    pluginRef.current = plugin;
    const regions = regionsRef.current;

    plugin.on('region-update', (region) => {
      setLive((now) => ({ ...now, [region.id]: { start: region.start, end: region.end } }));
    });
    plugin.on('region-updated', (region, side) => {
      const raw = { start: region.start, end: region.end };
      const placed = clampClipRegion(raw, duration, side ?? 'move');
      region.setOptions(placed);
      setLive((now) => {
        const { [region.id]: _done, ...rest } = now;
        return rest;
      });
      commitRef.current(region.id, placed, raw);
    });
    // With peaks and a duration there is nothing to fetch or decode: ready straight after creation.
    surfer.on('ready', () => setReady(true));
    surfer.on('pause', () => setPlayingId(null));
    surfer.on('finish', () => setPlayingId(null));
    surfer.on('error', () => {
      setPlayingId(null);
      setPlayError(PLAYBACK_MESSAGES.cannotPlay);
    });
    return () => {
      regions.clear();
      setReady(false);
      surfer.destroy();
      media.removeAttribute('src');
      surferRef.current = null;
      pluginRef.current = null;
    };
  }, [waveform, duration]);

  // A new link to the same file (renewed before it expires) is taken the next time a clip plays.
  useEffect(() => {
    const media = surferRef.current?.getMediaElement();
    if (media && source && !media.src.startsWith(source) && media.paused) media.src = source;
  }, [source]);

  // The clips' regions follow the form: added, moved, removed. The helpers it calls read only the
  // theme, the track's name and refs, none of which should re-run it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const plugin = pluginRef.current;
    if (!plugin || !ready) return;
    const regions = regionsRef.current;
    const { min, max } = getAllowedClipLength(duration);
    for (const clip of clips) {
      const existing = regions.get(clip.id);
      if (!clip.region) {
        existing?.remove();
        regions.delete(clip.id);
        continue;
      }
      const length = clip.region.end - clip.region.start;
      const label = `Clip ${clip.number}`;
      const region =
        existing ??
        plugin.addRegion({
          id: clip.id,
          start: clip.region.start,
          end: clip.region.end,
          color: alpha(colourOf(clip.number), 0.22),
          content: label,
          drag: true,
          resize: true,
        });
      if (!existing) {
        regions.set(clip.id, region);
        prepareRegionElement(region, clip.id);
      } else if (!sameRegion(region, clip.region) && !region.isDragging && !region.updatingSide) {
        region.setOptions({ start: clip.region.start, end: clip.region.end });
      }
      // A clip typed outside 30-60 s can still be moved and resized; letting go brings it in.
      // wavesurfer refuses a step whose length falls outside these, and a moved region's length,
      // (end + d) - (start + d), is not always exactly what it was: hence the small margin.
      region.minLength = Math.min(min, length) - LENGTH_MARGIN_SECONDS;
      region.maxLength = Math.max(max, length) + LENGTH_MARGIN_SECONDS;
      describeRegionElement(region, clip.number);
    }
    for (const [id, region] of regions) {
      if (clips.some((clip) => clip.id === id && clip.region)) continue;
      region.remove();
      regions.delete(id);
    }
  }, [clips, ready, duration]);

  /** Makes a region reachable by keyboard: a slider for the clip's place on the track. */
  function prepareRegionElement(region: Region, id: string) {
    const element = region.element;
    if (!element) return;
    element.tabIndex = 0;
    element.setAttribute('role', 'slider');
    element.setAttribute('aria-describedby', instructionsId);
    // Horizontal drags move the region on a touch screen; vertical ones still scroll the page.
    element.style.touchAction = 'pan-y';
    if (reduceMotion) element.style.transition = 'none';
    element.addEventListener('keydown', (event) => {
      const current = { start: region.start, end: region.end };
      const next = getClipRegionForKey(event.key, event.shiftKey, current, duration);
      if (!next) return;
      event.preventDefault();
      region.setOptions(next);
      commitRef.current(id, next);
    });
    element.addEventListener('focus', () => {
      element.style.outline = element.matches(':focus-visible')
        ? `3px solid ${theme.palette.text.primary}`
        : 'none';
      element.style.outlineOffset = '-3px';
    });
    element.addEventListener('blur', () => {
      element.style.outline = 'none';
    });
  }

  function describeRegionElement(region: Region, number: number) {
    const element = region.element;
    if (!element) return;
    const start = Math.round(region.start);
    const end = Math.round(region.end);
    element.setAttribute('aria-label', `Clip ${number} of ${trackName}`);
    element.setAttribute('aria-valuemin', '0');
    element.setAttribute('aria-valuemax', String(Math.max(0, Math.floor(duration) - (end - start))));
    element.setAttribute('aria-valuenow', String(start));
    element.setAttribute('aria-valuetext', describeClipRegion(number, { start, end }));
    element.dataset.clipNumber = String(number);
  }

  const togglePlay = (clip: PickerClip) => {
    const surfer = surferRef.current;
    const region = regionsRef.current.get(clip.id);
    if (!surfer || !region) return;
    setPlayError(null);
    if (playingId === clip.id) {
      surfer.pause();
      return;
    }
    const media = surfer.getMediaElement();
    const wanted = sourceRef.current;
    if (media && wanted && !media.src.startsWith(wanted)) media.src = wanted;
    setPlayingId(clip.id);
    // From the region's start, stopping at its end; a refusal (autoplay, format) rejects.
    surfer.play(region.start, region.end).catch((error: unknown) => {
      setPlayingId(null);
      const name = error instanceof DOMException ? error.name : '';
      setPlayError(name === 'NotAllowedError' ? PLAYBACK_MESSAGES.blocked : PLAYBACK_MESSAGES.cannotPlay);
    });
  };

  return (
    <Box>
      <Box
        ref={containerRef}
        data-testid="clip-waveform"
        sx={{
          position: 'relative',
          borderRadius: 1,
          bgcolor: 'background.default',
          border: 1,
          borderColor: 'divider',
          // Wider resize handles than wavesurfer's 6 px, so a finger can take them.
          '& *::part(region-handle)': { width: { xs: '14px !important', sm: '10px !important' } },
          '& *::part(region-content)': {
            fontSize: theme.typography.caption.fontSize,
            fontWeight: 600,
            color: theme.palette.text.primary,
            pointerEvents: 'none',
          },
        }}
      />
      <Typography
        id={instructionsId}
        variant="caption"
        component="p"
        sx={{ color: 'text.secondary', mt: 0.5 }}
      >
        Drag a clip to move it, drag its edges to change its length. Focus a clip and use the arrow keys to
        move it by a second (Shift: five seconds).
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {clips.map((clip) => {
          const shown = live[clip.id] ?? clip.region;
          const start = shown ? Math.round(shown.start) : null;
          const end = shown ? Math.round(shown.end) : null;
          const playing = playingId === clip.id;
          return (
            <Stack
              key={clip.id}
              component="li"
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
            >
              <Box
                aria-hidden="true"
                sx={{
                  width: 12,
                  height: 12,
                  borderRadius: '3px',
                  flexShrink: 0,
                  bgcolor: colourOf(clip.number),
                }}
              />
              <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 48 }}>
                Clip {clip.number}
              </Typography>
              <Typography variant="body2" data-testid={`clip-${clip.number}-seconds`} sx={{ flexGrow: 1 }}>
                {start !== null && end !== null
                  ? `Start ${start} s, end ${end} s (${end - start} s)`
                  : 'Not on the waveform until its start and end read as mm:ss'}
              </Typography>
              <Button
                size="small"
                variant="outlined"
                disabled={!shown || !ready || !source}
                startIcon={playing ? <StopIcon /> : <PlayArrowIcon />}
                onClick={() => togglePlay(clip)}
                aria-label={`${playing ? 'Stop' : 'Play'} clip ${clip.number}`}
              >
                {playing ? 'Stop' : 'Play'}
              </Button>
            </Stack>
          );
        })}
      </Stack>
      {playError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {playError}
        </Alert>
      )}
      <Box aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}
