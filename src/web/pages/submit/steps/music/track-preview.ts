import { useEffect, useRef, useState } from 'react';
import { PLAYBACK_MESSAGES } from '../../../../../domain';

/** Only one preview plays at a time across the form. */
let playing: HTMLAudioElement | null = null;

function playbackError(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError') return PLAYBACK_MESSAGES.blocked;
  if (name === 'NotSupportedError') return PLAYBACK_MESSAGES.unsupported;
  return PLAYBACK_MESSAGES.retry;
}

/**
 * Play/pause of a track's audio (spec 001 §4: preview toggles play and pause), from the picked
 * file when this page has it, else from the uploaded file's signed URL. Errors use §8's texts.
 *
 * The form renews the signed URL before it expires (forms/fresh-upload-links.ts): a
 * new link to the same file keeps the player (a playing preview goes on), which takes the new link
 * the next time it starts.
 */
export function useTrackPreview(file: File | undefined, url: string | undefined) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  /** The newest link, and the one the player was given. */
  const latestUrl = useRef(url);
  latestUrl.current = url;
  const givenUrl = useRef<string | undefined>(undefined);
  const [isPlaying, setIsPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [source, setSource] = useState<string | undefined>(undefined);
  /** Which file the link names, whatever its expiry and signature. */
  const fileLink = url?.split('?')[0];

  useEffect(() => {
    if (file) {
      const objectUrl = URL.createObjectURL(file);
      setSource(objectUrl);
      return () => URL.revokeObjectURL(objectUrl);
    }
    setSource(fileLink === undefined ? undefined : latestUrl.current);
    return undefined;
  }, [file, fileLink]);

  useEffect(() => {
    if (!source) return undefined;
    const audio = new Audio();
    audio.preload = 'none';
    audio.src = source;
    givenUrl.current = source;
    audioRef.current = audio;
    const onEnd = () => setIsPlaying(false);
    const onError = () => {
      setIsPlaying(false);
      setError(PLAYBACK_MESSAGES.cannotPlay);
    };
    audio.addEventListener('ended', onEnd);
    audio.addEventListener('pause', onEnd);
    audio.addEventListener('error', onError);
    return () => {
      audio.pause();
      audio.removeEventListener('ended', onEnd);
      audio.removeEventListener('pause', onEnd);
      audio.removeEventListener('error', onError);
      if (playing === audio) playing = null;
      audioRef.current = null;
      setIsPlaying(false);
    };
  }, [source]);

  const toggle = async () => {
    const audio = audioRef.current;
    if (!audio) return;
    setError(null);
    if (!audio.paused) {
      audio.pause();
      return;
    }
    const renewed = latestUrl.current;
    if (!file && renewed && givenUrl.current !== renewed) {
      // The link was renewed since the player got it: carry on from where it stopped.
      const position = audio.currentTime;
      audio.src = renewed;
      givenUrl.current = renewed;
      if (position > 0) audio.currentTime = position;
    }
    if (playing && playing !== audio) playing.pause();
    playing = audio;
    try {
      await audio.play();
      setIsPlaying(true);
    } catch (cause) {
      setIsPlaying(false);
      setError(playbackError(cause));
    }
  };

  return { canPlay: Boolean(source), isPlaying, error, toggle };
}
