/** One track the staff console's player can play. */
export type PlayerItem = {
  submissionId: string;
  trackId?: string;
  trackTitle: string;
  artistName: string;
  releaseTitle: string;
  audioUrl: string;
  artworkUrl?: string;
};

/** What a list of items is, when it is more than "these tracks": the listening queue. */
export type PlayerQueueOptions = {
  /** Named in the docked player's queue panel, e.g. "Pending submissions". */
  label?: string;
  /** The player offers a decision (approve, decline, request changes) on the current submission. */
  decisions?: boolean;
};

export interface PlayerState {
  items: readonly PlayerItem[];
  index: number;
  options: PlayerQueueOptions;
  playing: boolean;
  /** A problem playing the current item, in the reader's words. */
  error: string | null;
}

export interface PlayerStore {
  getState(): PlayerState;
  subscribe(listener: () => void): () => void;
  /** The one audio element, once something was played. */
  audio(): HTMLAudioElement | null;
  play(items: PlayerItem[], startAt?: number, options?: PlayerQueueOptions): void;
  playAt(index: number): void;
  toggle(): void;
  next(): void;
  previous(): void;
  stop(): void;
  seek(seconds: number): void;
  /**
   * Drops a submission's items from the queue (after a decision it is no longer pending) and plays
   * what followed the current one; with nothing left the player stops.
   */
  advancePast(submissionId: string): void;
}

export const EMPTY_PLAYER_STATE: PlayerState = {
  items: [],
  index: 0,
  options: {},
  playing: false,
  error: null,
};

function isAbort(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === 'AbortError';
}

function mediaSession(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
}

/**
 * The player's queue and its one `<audio>` element, outside React: the layout renders the pages
 * afresh on every navigation (a Suspense boundary keyed by path), and the music goes on through
 * that. The element is made on the first play, inside the click that asked for it, so browsers that
 * allow playback only from a user's gesture (iOS Safari) play it.
 */
export function createPlayerStore(): PlayerStore {
  let state = EMPTY_PLAYER_STATE;
  let element: HTMLAudioElement | null = null;
  const listeners = new Set<() => void>();

  function set(patch: Partial<PlayerState>) {
    state = { ...state, ...patch };
    const session = mediaSession();
    if (session)
      session.playbackState = state.items.length === 0 ? 'none' : state.playing ? 'playing' : 'paused';
    for (const listener of listeners) listener();
  }

  function startPlaying(audio: HTMLAudioElement) {
    const started = audio.play() as Promise<void> | undefined;
    void started?.catch((reason: unknown) => {
      // A pause, or another track chosen before this one began, is no failure.
      if (isAbort(reason)) return;
      set({ playing: false });
      // Refused without a gesture (a media key with the page asleep): the reader presses play.
      if (reason instanceof DOMException && reason.name === 'NotAllowedError') return;
      set({ error: 'This track could not be played.' });
    });
  }

  function ensureAudio(): HTMLAudioElement {
    if (element) return element;
    const audio = document.createElement('audio');
    audio.preload = 'metadata';
    audio.hidden = true;
    audio.dataset.testid = 'player-audio';
    audio.addEventListener('play', () => set({ playing: true }));
    audio.addEventListener('pause', () => set({ playing: false }));
    audio.addEventListener('ended', () => {
      if (state.index + 1 < state.items.length) load(state.index + 1);
      else set({ playing: false });
    });
    audio.addEventListener('error', () => {
      if (!audio.getAttribute('src')) return;
      set({ playing: false, error: 'This track could not be loaded.' });
    });
    // One sound at a time: another player on the page (a row's preview, a round's old and new
    // file side by side) pauses this one, and this one pauses them as it starts.
    document.addEventListener(
      'play',
      (event) => {
        if (event.target !== audio) audio.pause();
      },
      true,
    );
    audio.addEventListener('play', () => {
      for (const other of document.querySelectorAll('audio, video')) {
        if (other !== audio) (other as HTMLMediaElement).pause();
      }
    });
    document.body.append(audio);
    element = audio;
    setActionHandlers();
    return audio;
  }

  /** Loads the item at `index` into the element and plays it from the start. */
  function load(index: number, patch: Partial<PlayerState> = {}) {
    const item = (patch.items ?? state.items)[index];
    if (!item) return;
    const audio = ensureAudio();
    set({ ...patch, index, error: null });
    if (audio.getAttribute('src') !== item.audioUrl) audio.src = item.audioUrl;
    else audio.currentTime = 0;
    startPlaying(audio);
  }

  function seek(seconds: number) {
    if (!element || !Number.isFinite(seconds)) return;
    const end = Number.isFinite(element.duration) ? element.duration : seconds;
    element.currentTime = Math.max(0, Math.min(end, seconds));
  }

  const store: PlayerStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    audio: () => element,
    play(items, startAt = 0, options = {}) {
      if (items.length === 0) return;
      load(Math.max(0, Math.min(items.length - 1, startAt)), { items, options });
    },
    playAt(index) {
      if (index >= 0 && index < state.items.length) load(index);
    },
    toggle() {
      if (!element || state.items.length === 0) return;
      if (element.paused) startPlaying(element);
      else element.pause();
    },
    next() {
      store.playAt(state.index + 1);
    },
    previous() {
      store.playAt(state.index - 1);
    },
    stop() {
      if (element) {
        element.pause();
        element.removeAttribute('src');
        element.load();
      }
      const session = mediaSession();
      if (session) session.metadata = null;
      set(EMPTY_PLAYER_STATE);
    },
    seek,
    advancePast(submissionId) {
      const rest = state.items.filter((item) => item.submissionId !== submissionId);
      if (rest.length === 0) {
        store.stop();
        return;
      }
      const current = state.items[state.index];
      // The queue moved on while the decision was made: what plays goes on, the decided one leaves.
      if (current && current.submissionId !== submissionId) {
        set({ items: rest, index: rest.indexOf(current) });
        return;
      }
      const following = state.items.slice(state.index + 1).find((item) => item.submissionId !== submissionId);
      load(following ? rest.indexOf(following) : rest.length - 1, { items: rest });
    },
  };

  // The lock screen's and a headset's buttons (https://w3c.github.io/mediasession/).
  function setActionHandlers() {
    const session = mediaSession();
    if (!session) return;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => element && startPlaying(element)],
      ['pause', () => element?.pause()],
      ['previoustrack', () => store.previous()],
      ['nexttrack', () => store.next()],
      ['seekto', (details) => details.seekTime !== undefined && seek(details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // A browser that does not know an action throws; the others still work.
      }
    }
  }

  return store;
}

/** The staff console's player, one for the whole app. */
export const playerStore = createPlayerStore();
