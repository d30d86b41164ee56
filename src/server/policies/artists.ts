import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../domain';
import type { Executor } from '../db/client';
import { forbidden } from '../errors';
import { type ArtistRow, findArtistOfUser } from '../services/artists/find-artist-of-user';
import { requireUser } from './authentication';

/** Staff review artists' work on the board; the artist area is the artist's own. */
export const ARTISTS_ONLY = 'This area is for artists. Staff review submissions on the board.';

/** The signed-in artist: 401 for visitors, 403 for staff. */
export function requireArtistUser(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'artist') throw forbidden(ARTISTS_ONLY);
  return user;
}

/**
 * The signed-in artist's own artist record (401 for visitors, 403 for staff), or undefined while
 * their account has none yet. Never writes: a route that changes something and needs the record
 * makes it (services/artists/find-or-create-artist.ts).
 */
export async function findSignedInArtist(
  request: FastifyRequest,
  db: Executor,
): Promise<ArtistRow | undefined> {
  return findArtistOfUser(db, requireArtistUser(request).userId);
}

/**
 * onRequest hook of the artist area's routes: before validation, so a visitor or staff member
 * learns nothing about their inputs. Personal details and signed file links: for this reader only,
 * never kept by a cache.
 */
export async function artistAreaOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
  requireArtistUser(request);
}
