import { addDays } from '../common/calendar-date';
import { createDefaultTrackMetadata } from '../schemas/form-defaults';
import type { TrackDraft } from '../schemas/track';
import type { MusicStepInput } from './music-step';

/** Shared fixtures for the music tests: a fixed "today" and a form that passes every rule. */
export const TODAY = '2026-03-10';

export function makeTrack(n: number, overrides: Partial<TrackDraft> = {}): TrackDraft {
  return {
    id: `t${n}`,
    title: `Song ${n}`,
    url: `https://files.example/t${n}.wav`,
    metadata: { ...createDefaultTrackMetadata(), soloWork: true, productionYear: '2025' },
    ...overrides,
  };
}

export function makeMusicForm(overrides: Partial<MusicStepInput> = {}): MusicStepInput {
  return {
    uploadType: 'new-music',
    tracks: [makeTrack(1)],
    releaseTitle: 'First Light',
    primaryGenre: 'Pop',
    subGenre: 'Indie Pop',
    releaseStrategy: 'together',
    releaseDate: addDays(TODAY, 42),
    earlyReleaseRequest: false,
    earlyReleaseReason: '',
    fullReleaseDate: '',
    catalogueItems: [],
    ...overrides,
  };
}
