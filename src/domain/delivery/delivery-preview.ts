import type { DeliveryPreview } from '../schemas/delivery';
import { formatCopyrightLine } from './delivery-readiness';
import type { DeliveryRelease, DisplayArtist } from './delivery-release';

/**
 * The artists as stores print them: main artists joined with "&", featured ones after "feat.".
 * The same words the DDEX message gives as DisplayArtistName.
 */
export function formatDisplayArtists(artists: readonly DisplayArtist[]): string {
  const main = artists.filter((a) => a.role === 'MainArtist').map((a) => a.name);
  const featured = artists.filter((a) => a.role === 'FeaturedArtist').map((a) => a.name);
  const joined = (names: string[]) =>
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} & ${names[names.length - 1]}`;
  return featured.length > 0 ? `${joined(main)} feat. ${joined(featured)}` : joined(main);
}

/** The deals every release is offered under (the message's DealList), in words. */
export function describeDeals(
  release: Pick<DeliveryRelease, 'releaseDate'>,
  takedownDate?: string,
): string[] {
  const until = takedownDate ? ` until ${takedownDate}` : '';
  return [
    `Worldwide from ${release.releaseDate}${until}: streaming (subscription and ad-supported)`,
    `Worldwide from ${release.releaseDate}${until}: permanent download`,
  ];
}

const PARENTAL_WORDS: Record<string, string> = {
  Explicit: 'Explicit',
  NotExplicit: 'Not explicit',
  ExplicitContentEdited: 'Edited (clean) version',
};

/** What the DDEX message of a release says, for staff to read before it is sent. */
export function describeDeliveryRelease(release: DeliveryRelease): DeliveryPreview {
  return {
    icpn: release.icpn,
    title: release.title,
    releaseType: release.releaseType,
    displayArtist: formatDisplayArtists(release.displayArtists),
    labelName: release.labelName,
    genre: release.subGenre ? `${release.genre} / ${release.subGenre}` : release.genre,
    releaseDate: release.releaseDate,
    pLine: formatCopyrightLine('P', release.pLine),
    cLine: formatCopyrightLine('C', release.cLine),
    cover: { fileName: release.cover.fileName, bytes: release.cover.bytes, sha256: release.cover.sha256 },
    durationSeconds: release.tracks.reduce((sum, track) => sum + Math.round(track.durationSeconds), 0),
    tracks: release.tracks.map((track) => ({
      position: track.position,
      isrc: track.isrc,
      title: track.title,
      displayArtist: formatDisplayArtists(track.displayArtists),
      credits: track.contributors,
      durationSeconds: Math.round(track.durationSeconds),
      parentalWarning: PARENTAL_WORDS[track.parentalWarning] ?? track.parentalWarning,
      pLine: formatCopyrightLine('P', track.pLine),
      fileName: track.audio.fileName,
      format: `WAV ${track.audio.bitDepth}-bit ${track.audio.sampleRate / 1000} kHz ${track.audio.channels === 2 ? 'stereo' : `${track.audio.channels} ch`}`,
      sha256: track.audio.sha256,
    })),
    deals: describeDeals(release),
  };
}
