/**
 * Who is credited on a track. A track the artist marked "Solo work" (spec 001 §3: soloWork) has no
 * contributors of its own: the artist made it alone, so the artist is its performer, composer,
 * lyricist (when it has lyrics) and producer. The release schedule and the DDEX message both list
 * credits from here, so a solo track never reads "Contributors: none listed".
 */

export interface TrackCredit {
  name: string;
  roles: string[];
}

/** The roles a solo track gives its artist, in the order they are listed. */
export const SOLO_WORK_ROLES = ['Performer', 'Composer', 'Lyricist', 'Producer'] as const;

export function listTrackCredits(
  track: { soloWork: boolean; hasLyrics: boolean; contributors: readonly TrackCredit[] },
  artistName: string,
): TrackCredit[] {
  const listed = track.contributors.map((c) => ({ name: c.name, roles: [...c.roles] }));
  const name = artistName.trim();
  if (!track.soloWork || name === '') return listed;
  const roles = SOLO_WORK_ROLES.filter((role) => role !== 'Lyricist' || track.hasLyrics);
  return [{ name, roles: [...roles] }, ...listed.filter((c) => c.name !== name)];
}
