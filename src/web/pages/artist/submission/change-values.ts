import {
  type ArtistChangeRequest,
  type ArtistFlaggedField,
  createDefaultTrackMetadata,
  type FieldError,
  type FieldValue,
  getTrackContributorsField,
  type MasterSplit,
  normaliseIsrc,
  type ResubmissionPayload,
  type TrackMetadata,
} from '../../../../domain';

/**
 * The artist's answer to a change request, as a form: one answer per marked field,
 * in the request's order. A track's contributors or splits are edited with the submission form's
 * own editors, which work on `tracks.N.metadata` (and a catalogue item's splits on
 * `catalogueItems.N.metadata`): each such field gets a slot there, one per track, so a track whose
 * contributors and splits are both marked edits them together.
 */

/** The simple values of a marked field: the text typed (title, ISRC, date, a catalogue item's title), the file. */
export interface FieldAnswer {
  value: string;
  artist: string;
  spotifyUrl: string;
  /** The file the answer names: the current one until a new one is uploaded. */
  fileId: string;
}

export interface ChangeTrackSlot {
  id: string;
  title: string;
  metadata: TrackMetadata;
}

export interface ChangeCatalogueSlot {
  id: string;
  metadata: { hasMasterSplit: boolean; masterSplits: MasterSplit[] };
}

export interface ChangeFormValues {
  answers: FieldAnswer[];
  tracks: ChangeTrackSlot[];
  catalogueItems: ChangeCatalogueSlot[];
  comment: string;
}

export interface ChangeForm {
  values: ChangeFormValues;
  /** Per marked field (by index): its slot in `tracks` or `catalogueItems`, for those that have one. */
  slots: (number | null)[];
}

const EMPTY_ANSWER: FieldAnswer = { value: '', artist: '', spotifyUrl: '', fileId: '' };

function answerOf(field: ArtistFlaggedField): FieldAnswer {
  const current = field.current;
  if (!current) return EMPTY_ANSWER;
  switch (current.field) {
    case 'artwork':
    case 'trackAudio':
      return { ...EMPTY_ANSWER, fileId: current.fileId };
    case 'releaseDate':
      return { ...EMPTY_ANSWER, value: current.releaseDate };
    case 'trackTitle':
      return { ...EMPTY_ANSWER, value: current.title };
    case 'trackIsrc':
      return { ...EMPTY_ANSWER, value: current.isrc };
    case 'catalogueItem':
      return {
        ...EMPTY_ANSWER,
        value: current.title,
        artist: current.artist,
        spotifyUrl: current.spotifyUrl,
      };
    default:
      return EMPTY_ANSWER;
  }
}

/** The track's title as the request names it, for the editors' labels: 'The splits of track 1 "Tide"' → 'Tide'. */
export function trackTitleOf(label: string): string {
  return /"(.*)"$/.exec(label)?.[1] ?? 'this track';
}

/** The form for an open request: every marked field with its current value. */
export function changeFormOf(request: ArtistChangeRequest): ChangeForm {
  const tracks: ChangeTrackSlot[] = [];
  const catalogueItems: ChangeCatalogueSlot[] = [];
  const slots = request.fields.map((field): number | null => {
    const current = field.current;
    if (field.field === 'trackContributors' || field.field === 'trackSplits') {
      const trackId = field.trackId ?? '';
      let slot = tracks.findIndex((track) => track.id === trackId);
      if (slot < 0) {
        tracks.push({
          id: trackId,
          title: trackTitleOf(field.label),
          metadata: createDefaultTrackMetadata(),
        });
        slot = tracks.length - 1;
      }
      const track = tracks[slot] as ChangeTrackSlot;
      if (current?.field === 'trackContributors') {
        const { soloWork, featuredArtists, nonFeaturedArtists, producers } = current;
        track.metadata = { ...track.metadata, soloWork, featuredArtists, nonFeaturedArtists, producers };
      } else if (current?.field === 'trackSplits') {
        const { hasMasterSplit, masterSplits } = current;
        track.metadata = { ...track.metadata, hasMasterSplit, masterSplits };
      }
      return slot;
    }
    if (field.field === 'catalogueItem') {
      const metadata =
        current?.field === 'catalogueItem'
          ? { hasMasterSplit: current.hasMasterSplit, masterSplits: current.masterSplits }
          : { hasMasterSplit: false, masterSplits: [] };
      catalogueItems.push({ id: field.catalogueItemId ?? '', metadata });
      return catalogueItems.length - 1;
    }
    return null;
  });
  return {
    values: { answers: request.fields.map(answerOf), tracks, catalogueItems, comment: '' },
    slots,
  };
}

/** The new value of each marked field, in the request's order: what POST …/resubmit takes. */
export function buildResubmission(
  request: ArtistChangeRequest,
  form: ChangeForm,
  values: ChangeFormValues,
): ResubmissionPayload {
  const changes = request.fields.map((field, index): FieldValue => {
    const answer = values.answers[index] ?? EMPTY_ANSWER;
    const slot = form.slots[index] ?? 0;
    const trackId = field.trackId ?? '';
    switch (field.field) {
      case 'artwork':
        return { field: 'artwork', fileId: answer.fileId };
      case 'trackAudio':
        return { field: 'trackAudio', trackId, fileId: answer.fileId };
      case 'releaseDate':
        return { field: 'releaseDate', releaseDate: answer.value };
      case 'trackTitle':
        return { field: 'trackTitle', trackId, title: answer.value.trim() };
      case 'trackIsrc': {
        const typed = answer.value.trim();
        return { field: 'trackIsrc', trackId, isrc: normaliseIsrc(typed) ?? typed };
      }
      case 'trackContributors': {
        const metadata = values.tracks[slot]?.metadata ?? createDefaultTrackMetadata();
        return {
          field: 'trackContributors',
          trackId,
          soloWork: metadata.soloWork,
          featuredArtists: metadata.featuredArtists,
          nonFeaturedArtists: metadata.nonFeaturedArtists,
          producers: metadata.producers,
        };
      }
      case 'trackSplits': {
        const metadata = values.tracks[slot]?.metadata ?? createDefaultTrackMetadata();
        return {
          field: 'trackSplits',
          trackId,
          hasMasterSplit: metadata.hasMasterSplit,
          masterSplits: metadata.hasMasterSplit ? metadata.masterSplits : [],
        };
      }
      default: {
        // The catalogue item: its title, artist, link and splits.
        const metadata = values.catalogueItems[slot]?.metadata ?? { hasMasterSplit: false, masterSplits: [] };
        return {
          field: 'catalogueItem',
          catalogueItemId: field.catalogueItemId ?? '',
          title: answer.value.trim(),
          artist: answer.artist.trim(),
          spotifyUrl: answer.spotifyUrl.trim(),
          hasMasterSplit: metadata.hasMasterSplit,
          masterSplits: metadata.hasMasterSplit ? metadata.masterSplits : [],
        };
      }
    }
  });
  const comment = values.comment.trim();
  return { changes, ...(comment ? { comment } : {}) };
}

/** A marked field's path in this form, for the problems the server reports on `changes.N…`. */
export function answerPath(index: number, part: 'value' | 'artist' | 'spotifyUrl' | 'fileId'): string {
  return `answers.${index}.${part}`;
}

const ANSWER_PARTS: Record<string, 'value' | 'artist' | 'spotifyUrl' | 'fileId'> = {
  fileId: 'fileId',
  releaseDate: 'value',
  title: 'value',
  isrc: 'value',
  artist: 'artist',
  spotifyUrl: 'spotifyUrl',
};

export interface PlacedProblems {
  /** On the form's fields (answers, and the editors' own paths in `tracks` and `catalogueItems`). */
  onFields: FieldError[];
  /** Per marked field, the problems no input of it shows. */
  byField: string[][];
  /** About the answer as a whole (a marked field left out). */
  general: string[];
}

/**
 * Puts the server's problems (`changes.N.title`, `changes.N.masterSplits.0.percentage`, `changes`)
 * where the artist sees them: on the input they are about, else on the marked field's card, else
 * above the Resubmit button.
 */
export function placeProblems(
  request: ArtistChangeRequest,
  form: ChangeForm,
  problems: readonly FieldError[],
): PlacedProblems {
  const placed: PlacedProblems = { onFields: [], byField: request.fields.map(() => []), general: [] };
  for (const problem of problems) {
    const match = /^changes\.(\d+)(?:\.(.*))?$/.exec(problem.field);
    const index = match ? Number(match[1]) : -1;
    const field = request.fields[index];
    if (!match || !field) {
      placed.general.push(problem.message);
      continue;
    }
    const rest = match[2] ?? '';
    const slot = form.slots[index];
    const head = rest.split('.')[0] ?? '';
    if (field.field === 'trackContributors' && slot !== null && slot !== undefined) {
      placed.onFields.push({ field: getTrackContributorsField(slot), message: problem.message });
    } else if (head === 'masterSplits' && slot !== null && slot !== undefined) {
      const owner = field.field === 'catalogueItem' ? 'catalogueItems' : 'tracks';
      placed.onFields.push({ field: `${owner}.${slot}.metadata.${rest}`, message: problem.message });
    } else if (rest && ANSWER_PARTS[rest]) {
      placed.onFields.push({ field: answerPath(index, ANSWER_PARTS[rest]), message: problem.message });
    } else {
      placed.byField[index]?.push(problem.message);
    }
  }
  return placed;
}
