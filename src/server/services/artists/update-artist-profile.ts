import { eq } from 'drizzle-orm';
import {
  type ArtistProfileSave,
  buildSpotifyUrl,
  normaliseProfileLink,
  PROFILE_LINK_RULES,
  parseSpotifyArtistUrl,
  type SessionUser,
  validateProfileUpdate,
} from '../../../domain';
import type { Database } from '../../db/client';
import { artists, users } from '../../db/schema';
import { badRequest } from '../../errors';
import { announceSessionChange } from '../auth/session-cache';
import { claimUpload, isOwnReadyImage, pictureValueOf } from './artist-picture';
import type { ArtistRow } from './find-artist-of-user';

export const PICTURE_NOT_USABLE =
  'The picture must be an image you uploaded while signed in. Please upload it again.';

const PLAIN_FIELDS = ['name', 'artistName', 'nationality', 'country', 'city', 'biography'] as const;

type ArtistChanges = Partial<Pick<typeof artists.$inferInsert, (typeof PLAIN_FIELDS)[number]>> &
  Partial<
    Pick<
      typeof artists.$inferInsert,
      | 'spotifyProfile'
      | 'appleMusicProfile'
      | 'soundcloudProfile'
      | 'instagramProfile'
      | 'tiktokProfile'
      | 'website'
      | 'pplId'
      | 'prsId'
      | 'picture'
    >
  >;

function cleaned(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Links in one canonical form: Spotify as open.spotify.com/artist/{id}, the others with https. */
function normaliseLink(field: (typeof PROFILE_LINK_RULES)[number], value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (field.field === 'spotifyProfile') {
    const parsed = parseSpotifyArtistUrl(trimmed);
    return parsed.ok ? buildSpotifyUrl({ type: 'artist', id: parsed.value.artistId }) : null;
  }
  return normaliseProfileLink(trimmed, field.hosts);
}

/**
 * PUT /api/artist/profile. A field left out stays as it is; an empty one is cleared. The links are
 * checked by service (validateProfileUpdate, every message at once) and stored in one form; the
 * picture must be an image this artist uploaded. The account's name follows the profile's, so the
 * header bar shows the new name at once.
 */
export async function updateArtistProfile(
  db: Database,
  artist: ArtistRow,
  user: SessionUser,
  input: ArtistProfileSave,
  now = new Date(),
): Promise<void> {
  const errors = validateProfileUpdate(input);
  if (errors.length > 0) throw badRequest(errors[0]?.message ?? 'Invalid profile', errors);
  const pictureFileId = input.pictureFileId;
  if (typeof pictureFileId === 'string' && !(await isOwnReadyImage(db, user.userId, pictureFileId))) {
    throw badRequest(PICTURE_NOT_USABLE, [{ field: 'picture', message: PICTURE_NOT_USABLE }]);
  }

  const changes: ArtistChanges = {};
  for (const field of PLAIN_FIELDS) {
    const value = input[field];
    if (value !== undefined) changes[field] = cleaned(value);
  }
  for (const rule of PROFILE_LINK_RULES) {
    const value = input[rule.field];
    if (value !== undefined) changes[rule.field] = normaliseLink(rule, value);
  }
  // Spaces and hyphens are how people group these numbers, not part of them.
  if (input.pplId !== undefined) changes.pplId = cleaned(input.pplId.replace(/[\s-]/g, '').toUpperCase());
  if (input.prsId !== undefined) changes.prsId = cleaned(input.prsId.replace(/[\s-]/g, ''));
  if (pictureFileId !== undefined) changes.picture = pictureFileId ? pictureValueOf(pictureFileId) : null;

  await db.transaction(async (tx) => {
    await tx
      .update(artists)
      .set({ ...changes, updatedAt: now })
      .where(eq(artists.id, artist.id));
    if (changes.name !== undefined) {
      await tx.update(users).set({ name: changes.name }).where(eq(users.id, user.userId));
    }
    if (pictureFileId) await claimUpload(tx, pictureFileId, now);
    // Signed-in requests carry the artist record and the account's name (auth/session-cache.ts).
    await announceSessionChange(tx, { userId: user.userId });
  });
}
