import type { FastifyRequest } from 'fastify';
import { SIGNING_MESSAGES } from '../../../domain';
import { notFound } from '../../errors';
import { findSignedInArtist } from '../../policies/artists';
import { requireUser } from '../../policies/authentication';
import type { SignatureViewer } from '../../services/contracts/find-signature-request';

/** Signed-in artist or staff, before validation; a visitor is a 401 and learns nothing. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

/**
 * The artist who owns what is asked for (a signature request, a release schedule): an account
 * without an artist row yet owns none.
 */
export function requestOwner(
  request: FastifyRequest,
  message: string = SIGNING_MESSAGES.requestNotFound,
): string {
  const artist = findSignedInArtist(request);
  if (!artist) throw notFound(message);
  return artist.id;
}

/** The reader of a request or schedule: staff see every one, an artist only their own. */
export function viewerOf(request: FastifyRequest, message?: string): SignatureViewer {
  if (requireUser(request).role === 'staff') return { kind: 'staff' };
  return { kind: 'artist', artistId: requestOwner(request, message) };
}
