import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageVariantNamePattern } from '../../domain';
import { forbidden } from '../errors';
import { findServedFile } from '../services/files/find-served-file';
import { getImageMapping } from '../services/files/image-mapping';
import { checkFileUrl } from '../services/files/signed-urls';

/**
 * Links in the mapping outlive its 5-minute cache by far when bound to the requester's session; a
 * visitor is shown no images (policies/uploads.ts), and unbound links would be capped at 15 minutes.
 */
export const mappingLinkLifetimeSeconds = 6 * 3600;
/** The longest a browser keeps a file, whatever the link's lifetime. */
const fileCacheMaxSeconds = 86_400;
/** A bound link's answer is this session's: a browser keeps it only for the credentials it sent. */
const varyBySession = 'Cookie, Authorization';

const fileLinkRefusals = {
  expired: 'This link has expired',
  invalid: 'Invalid link',
  'no-session': 'This link works only in the session that opened it. Sign in and open the page again.',
} as const;

/** `filename*` (RFC 5987) keeps non-ASCII names; the plain `filename` is an ASCII fallback. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A file made for the reader to save (a calendar, an export): its type, and its name in the header. */
export function sendAttachment(
  reply: FastifyReply,
  file: { type: string; fileName: string; body: string | Buffer },
): FastifyReply {
  return reply
    .type(file.type)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .send(file.body);
}

/**
 * A large file made for the reader to save (a ZIP), streamed with its exact length announced, so
 * the browser shows the download's progress.
 */
export function sendStreamedAttachment(
  reply: FastifyReply,
  file: { type: string; fileName: string; size: number; body: Readable },
): FastifyReply {
  return reply
    .type(file.type)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .send(file.body);
}

function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/**
 * Files by signed, expiring URL only (design.md §6): no listing, no guessable path. Supports
 * Range requests so the browser can seek in a 200 MB WAV without downloading it whole.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec 000 §7. Scoped to the images the requester may see, named by `ids` (a comma-separated list).
  app.get(
    '/files/optimized/image-mapping.json',
    {
      schema: {
        querystring: z.object({
          ids: z
            .string()
            .default('')
            .transform((ids) => ids.split(',').filter(Boolean))
            .pipe(z.array(z.uuid()).max(100)),
        }),
      },
    },
    async (request, reply) => {
      const mapping = await getImageMapping(
        { db: app.db, signer: request.pageLinks },
        request.auth?.user,
        request.query.ids,
        mappingLinkLifetimeSeconds,
      );
      reply.header('cache-control', 'private, max-age=300').header('vary', varyBySession);
      return mapping;
    },
  );

  app.get(
    '/files/:fileId/:variant?',
    {
      // Audio and images go out as stored: compressing gains nothing, costs CPU on 200 MB WAVs,
      // and would lose the Content-Length (and any Range) a player relies on.
      compress: false,
      schema: {
        params: z.object({
          fileId: z.uuid(),
          variant: z.string().regex(imageVariantNamePattern).optional(),
        }),
        querystring: z.object({
          disposition: z.enum(['inline', 'attachment']),
          expires: z.coerce.number().int(),
          /** Present on links bound to the session that asked for them (signed-urls.ts). */
          bound: z.literal('1').optional(),
          signature: z.string().min(10).max(100),
        }),
      },
    },
    async (request, reply) => {
      const { fileId, variant } = request.params;
      const { disposition, expires, signature } = request.query;
      const bound = request.query.bound === '1';
      const nowSeconds = Date.now() / 1000;
      const check = checkFileUrl(
        app.signingKey,
        { fileId, variant, disposition, expires, bound },
        signature,
        nowSeconds,
        request.auth?.sessionId,
      );
      if (check !== 'valid') throw forbidden(fileLinkRefusals[check]);
      const file = await findServedFile({ db: app.db, storage: app.providers.storage }, fileId, variant);
      // Never kept past the link's own end; a bound link's answer only for the session's credentials
      // (after sign-out the browser asks again, and is refused).
      const maxAge = Math.max(0, Math.floor(expires - nowSeconds));
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(disposition, file.name))
        .header('accept-ranges', 'bytes')
        .header('cache-control', `private, max-age=${Math.min(maxAge, fileCacheMaxSeconds)}`)
        .header('x-content-type-options', 'nosniff');
      if (bound) reply.header('vary', varyBySession);
      const range = parseRange(request.headers.range, file.size);
      if (range === 'invalid') {
        return reply.code(416).header('content-range', `bytes */${file.size}`).send();
      }
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(await app.providers.storage.get(file.key, range));
      }
      reply.header('content-length', file.size);
      return reply.send(await app.providers.storage.get(file.key));
    },
  );
};
