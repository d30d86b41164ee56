import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * What is worth compressing on the fly: text (an event stream never: it must reach the client as
 * it is written), JSON, XML and JavaScript. Audio and images never are; but @fastify/compress also
 * asks mime-db, which calls a few image types compressible (SVG, BMP, icons), so the route that
 * serves uploaded files turns compression off itself (`compress: false` in routes/files.ts).
 */
const compressibleType =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)(?:;|$))/i;

/**
 * On-the-fly compression of answers with @fastify/compress: brotli at quality 4 (a
 * fraction of the CPU of the build's quality 11, most of the gain on JSON), gzip otherwise, only
 * above 1 KB. The built assets are compressed at build time instead (vite.config.ts) and sent by
 * @fastify/static with `preCompressed`, which sets Content-Encoding itself, so they pass through.
 * Partial answers (206, Content-Range) are never compressed: their byte offsets name the file's
 * own bytes. Request bodies are never decompressed: uploads arrive as they are sent.
 */
export const compressionOptions: FastifyCompressOptions = {
  global: true,
  globalDecompression: false,
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  },
  zlibOptions: { level: 6 },
  customTypes: (contentType) => compressibleType.test(contentType),
};
