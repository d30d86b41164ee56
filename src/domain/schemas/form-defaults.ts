import type { IsoDate } from '../common/calendar-date';
import { getDefaultReleaseDate } from '../music/release-dates';
import type { ArtistForm, SubmissionDraft } from './submission-form';
import type { TrackDraft, TrackMetadata } from './track';

/** A fresh step-1 form; submissionIntent is 'submit-music' on load (spec 001 §3). */
export function createDefaultArtistForm(): ArtistForm {
  return {
    firstName: '',
    surname: '',
    email: '',
    artistName: '',
    phone: '',
    country: '',
    city: '',
    instagramProfile: '',
    tiktokProfile: '',
    noInstagram: false,
    noTikTok: false,
    spotifyProfile: '',
    listenLink: '',
    projectDescription: '',
    submissionIntent: 'submit-music',
  };
}

/** Track details start empty with parentalAdvisory 'no' (spec 001 §3). */
export function createDefaultTrackMetadata(): TrackMetadata {
  return {
    soloWork: false,
    featuredArtists: [],
    nonFeaturedArtists: [],
    producers: [],
    productionYear: '',
    parentalAdvisory: 'no',
    hasMasterSplit: false,
    masterSplits: [],
    lyricsEnabled: false,
    lyrics: '',
    socialClipsEnabled: false,
    socialClips: [],
  };
}

/** An empty track slot; ids come from the caller so the domain needs no random source. */
export function createEmptyTrack(id: string): TrackDraft {
  return { id, title: '', file: null, metadata: createDefaultTrackMetadata() };
}

/**
 * A fresh submission: a single with one empty slot, released six weeks after `today`, all
 * tracks together (spec 001 §3). `createId` supplies track ids.
 */
export function createDefaultSubmissionForm(today: IsoDate, createId: () => string): SubmissionDraft {
  return {
    ...createDefaultArtistForm(),
    ...createBlankReleaseFields(),
    artwork: undefined,
    artworkFile: null,
    tracks: [createEmptyTrack(createId())],
    uploadType: 'new-music',
    releaseDate: getDefaultReleaseDate(today),
  };
}

type ReleaseFields = Omit<SubmissionDraft, keyof ArtistForm | 'artwork' | 'artworkFile' | 'uploadType'>;

/**
 * The music and additional-information steps with nothing filled in (no tracks, no dates): the
 * start of a fresh form above, and what a field left out of a payload is taken to be
 * (submission-payload.ts).
 */
export function createBlankReleaseFields(): ReleaseFields {
  return {
    releaseTitle: '',
    tracks: [],
    releaseType: 'single',
    releaseDate: '',
    primaryGenre: '',
    subGenre: '',
    earlyReleaseRequest: false,
    earlyReleaseReason: '',
    releaseStrategy: 'together',
    fullReleaseDate: '',
    singlesCount: 0,
    firstSingleDate: '',
    lastSingleDate: '',
    distributor: '',
    catalogueItems: [],
    influences: '',
    bio: '',
    proNumber: '',
    publishingAdministrationInterest: false,
  };
}
