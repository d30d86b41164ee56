import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { renderStaffPage } from '../../pages/staff/board/board-test-helpers';
import { PlayerProvider } from './player-context';
import { createPlayerStore, type PlayerItem, type PlayerStore } from './player-store';

/**
 * jsdom has no media playback: `play()` and `pause()` here flip the element's `paused` and fire
 * its events as a browser would, and `load()` does nothing.
 */
export function fakeMediaPlayback() {
  const playing = new WeakSet<HTMLMediaElement>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return !playing.has(this);
  });
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    playing.add(this);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    if (!playing.delete(this)) return;
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  return { play, pause };
}

/** The element's length as the browser learns it from the file. */
export function setDuration(audio: HTMLAudioElement, seconds: number) {
  Object.defineProperty(audio, 'duration', { configurable: true, value: seconds });
  audio.dispatchEvent(new Event('durationchange'));
}

/** Ends the track playing, as the browser does at its last sample. */
export function endTrack(audio: HTMLAudioElement) {
  audio.pause();
  audio.dispatchEvent(new Event('ended'));
}

export interface FakeMediaSession {
  metadata: MediaMetadataInit | null;
  playbackState: MediaSessionPlaybackState;
  handlers: Map<MediaSessionAction, MediaSessionActionHandler | null>;
  positions: MediaPositionState[];
}

/** navigator.mediaSession and MediaMetadata, which jsdom lacks, recording what the page sets. */
export function fakeMediaSession(): FakeMediaSession {
  const session: FakeMediaSession = {
    metadata: null,
    playbackState: 'none',
    handlers: new Map(),
    positions: [],
  };
  vi.stubGlobal(
    'MediaMetadata',
    class {
      constructor(init: MediaMetadataInit) {
        Object.assign(this, init);
      }
    },
  );
  Object.defineProperty(navigator, 'mediaSession', {
    configurable: true,
    value: {
      get metadata() {
        return session.metadata;
      },
      set metadata(value: MediaMetadataInit | null) {
        session.metadata = value;
      },
      get playbackState() {
        return session.playbackState;
      },
      set playbackState(value: MediaSessionPlaybackState) {
        session.playbackState = value;
      },
      setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
        session.handlers.set(action, handler);
      },
      setPositionState(state: MediaPositionState) {
        session.positions.push(state);
      },
    },
  });
  return session;
}

const ids = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
];

/** Three pending submissions' first tracks, oldest promise first. */
export function queueItems(): PlayerItem[] {
  return ['Alpha', 'Bravo', 'Charlie'].map((name, at) => ({
    submissionId: ids[at] ?? '',
    trackTitle: `${name} Track`,
    artistName: `${name} Artist`,
    releaseTitle: `${name} Release`,
    audioUrl: `/files/${ids[at]}?disposition=inline&signature=s${at}`,
  }));
}

/** `ui` under the console's player (with `store`), in the app's providers and a router. */
export function renderWithPlayer(ui: ReactNode, store: PlayerStore) {
  return renderStaffPage(
    () => <PlayerProvider store={store}>{ui}</PlayerProvider>,
    '/admin/board',
    '/admin/board',
  );
}

/**
 * Each test of the player gets a store of its own (`ctx.store`), fake playback and a Media
 * Session to read (`ctx.session`); afterwards the store stops (a tick later, as an unmounted
 * provider stops it) and its element goes.
 */
export function setUpPlayerTests(): { readonly store: PlayerStore; readonly session: FakeMediaSession } {
  let store: PlayerStore | undefined;
  let session: FakeMediaSession | undefined;
  beforeEach(() => {
    fakeMediaPlayback();
    session = fakeMediaSession();
    store = createPlayerStore();
  });
  afterEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    store?.stop();
    store?.audio()?.remove();
    Reflect.deleteProperty(navigator, 'mediaSession');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const ready = <T,>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the player is set up before each test');
    return value;
  };
  return {
    get store() {
      return ready(store);
    },
    get session() {
      return ready(session);
    },
  };
}
