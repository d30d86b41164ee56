import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/**
 * The board's one audio player: every row's preview plays through the same element,
 * so starting one stops any other. Nothing is loaded until a preview is played (preload="none"):
 * a page of 25 rows costs no audio bytes.
 */
interface PreviewPlayer {
  /** The row whose preview is loaded (playing or paused), if any. */
  currentId: string | null;
  playing: boolean;
  /** How far through the current preview, 0–1. */
  progress: number;
  /** A problem playing the current preview, in the reader's words. */
  error: string | null;
  /** Plays this row's preview, or pauses it when it is the one playing. */
  toggle(id: string, url: string): void;
  /** Moves the current preview to a fraction of its length (the waveform is a seek bar). */
  seek(fraction: number): void;
}

const PreviewPlayerContext = createContext<PreviewPlayer | null>(null);

export function usePreviewPlayer(): PreviewPlayer {
  const player = useContext(PreviewPlayerContext);
  if (!player) throw new Error('usePreviewPlayer outside PreviewPlayerProvider');
  return player;
}

export function PreviewPlayerProvider({ children }: { children: ReactNode }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const toggle = useCallback(
    (id: string, url: string) => {
      const element = audio.current;
      if (!element) return;
      if (id === currentId) {
        if (element.paused) void element.play().catch(() => setError('The preview could not be played.'));
        else element.pause();
        return;
      }
      element.pause();
      element.src = url;
      setCurrentId(id);
      setProgress(0);
      setError(null);
      void element.play().catch((reason: unknown) => {
        // A pause or another preview started before this one began is not a failure.
        if (reason instanceof DOMException && reason.name === 'AbortError') return;
        setError('The preview could not be played.');
      });
    },
    [currentId],
  );

  const seek = useCallback((fraction: number) => {
    const element = audio.current;
    if (!element || !Number.isFinite(element.duration)) return;
    element.currentTime = Math.max(0, Math.min(1, fraction)) * element.duration;
  }, []);

  // A page left with a preview playing stops it.
  useEffect(() => () => audio.current?.pause(), []);

  const value = useMemo(
    () => ({ currentId, playing, progress, error, toggle, seek }),
    [currentId, playing, progress, error, toggle, seek],
  );
  return (
    <PreviewPlayerContext.Provider value={value}>
      {children}
      {/* biome-ignore lint/a11y/useMediaCaption: a music preview has no words to caption */}
      <audio
        ref={audio}
        preload="none"
        data-testid="board-preview-audio"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setProgress(1);
        }}
        onTimeUpdate={(event) => {
          const { currentTime, duration } = event.currentTarget;
          setProgress(duration > 0 ? currentTime / duration : 0);
        }}
        onError={() => {
          if (audio.current?.getAttribute('src')) setError('The preview could not be loaded.');
          setPlaying(false);
        }}
        hidden
      />
    </PreviewPlayerContext.Provider>
  );
}
