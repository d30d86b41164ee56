import type { KeyDate, KeyDateKind } from './deadline-planner';

/**
 * What each key date is called and what it means, in an artist's words: the artist's
 * submission page, the calendar file and the reminder mails say the same.
 */

const KEY_DATE_LABELS: Record<KeyDateKind, string> = {
  delivery: 'Delivery deadline',
  pitch: 'Editorial pitch deadline',
  single: 'Single out',
  release: 'Release day',
};

export function getKeyDateLabel(kind: KeyDateKind): string {
  return KEY_DATE_LABELS[kind];
}

/** The date's name with what it is for: 'Delivery deadline: Single 1: "Low Tide"'. */
export function formatKeyDateTitle(keyDate: Pick<KeyDate, 'kind' | 'subject'>): string {
  return `${getKeyDateLabel(keyDate.kind)}: ${keyDate.subject}`;
}

/** What the date means for the artist, and what to do before it. */
export function explainKeyDate(kind: KeyDateKind, labelName: string): string {
  switch (kind) {
    case 'delivery':
      return `By this day everything for the release must be final: the audio, the artwork, the credits and the release details. ${labelName} then sends it to the stores, so a change after this day may move the release date.`;
    case 'pitch':
      return `The last day ${labelName} can pitch this music to the streaming services' editors for their playlists. Anything that helps the pitch (the story behind the music, press photos, upcoming shows) should reach us before then.`;
    case 'single':
      return 'The single comes out on the streaming services. Share it with your listeners that day.';
    case 'release':
      return 'The release comes out everywhere. Celebrate, and share it with your listeners that day.';
  }
}
