import type { FastifyInstance } from 'fastify';
import type { SignedIn } from './sign-in';

/**
 * Signs the current artist agreement as `as` on the built-in signing page (request, consent, typed
 * name), as the dashboard's Contract Signing tab does; the seal job is left to the caller. Returns
 * the signature request's id.
 */
export async function signArtistAgreement(
  app: FastifyInstance,
  as: SignedIn,
  artist: { artistName: string; artistEmail: string },
): Promise<string> {
  const ok = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const response = await app.inject({ method, url, headers: as.headers, ...(payload ? { payload } : {}) });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const { artistId } = await ok('GET', '/api/contracts/current');
  const { signatureId, signatureRequest } = await ok('POST', '/api/contracts/create', {
    artistId,
    ...artist,
  });
  const token = (signatureRequest.signUrl as string).split('/sign/')[1];
  const { document } = await ok('GET', `/api/signing/${token}`);
  await ok('POST', `/api/signing/${token}/consent`, { consent: true });
  await ok('POST', `/api/signing/${token}/sign`, {
    method: 'typed',
    typedName: artist.artistName,
    documentSha256: document.documentSha256,
  });
  return signatureId;
}
