import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../domain';
import { forbidden } from '../errors';
import type { ArtistRow } from '../services/artists/find-artist-of-user';
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
 * their account has none yet: the row read with the session at the start of the request (one
 * query for both, services/auth/sessions.ts). A route that changes the record in this request
 * reads it again itself (findArtistOfUser); one that needs a record makes it
 * (services/artists/find-or-create-artist.ts).
 */
export function findSignedInArtist(request: FastifyRequest): ArtistRow | undefined {
  requireArtistUser(request);
  return request.auth?.artist ?? undefined;
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
