import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { PublicConfig } from '../../domain/public-config';
import { renderIndexHtml } from '../public-config';

/**
 * Serves the built React app from `webRoot`: hashed assets cached for a year, other public files
 * for an hour, and index.html (with the public config and the CSP nonce) for every client route.
 * The build writes a .br and a .gz beside each compressible file; the one the request's
 * Accept-Encoding takes is sent (`preCompressed`, with `Vary: Accept-Encoding`). index.html is
 * rendered per request, so @fastify/compress (app.ts) compresses it on the fly.
 */
export const webRoutes: FastifyPluginAsync<{ webRoot: string; publicConfig: PublicConfig }> = async (
  app,
  { webRoot, publicConfig },
) => {
  const indexFile = path.join(webRoot, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  if (!template) {
    app.log.warn(`The web app is not built (${indexFile} is missing): run "npm run build".`);
  } else {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      preCompressed: true,
      // The .br and .gz files are sent in place of their original, never by their own name.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, filePath) => {
        // The file sent may be the precompressed one: its headers are its original's.
        const relative = path.relative(webRoot, filePath.replace(/\.(?:br|gz)$/, ''));
        const hashed = relative.startsWith(`assets${path.sep}`);
        const noCache = relative === 'sw.js';
        reply.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : noCache ? 'no-cache' : 'public, max-age=3600',
        );
      },
    });
  }

  const sendApp = (reply: FastifyReply) => {
    if (!template) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run "npm run build" (npm start does this for you).');
    }
    const nonce = (reply as FastifyReply & { cspNonce?: { style: string } }).cspNonce?.style;
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderIndexHtml(template, publicConfig, nonce));
  };

  // Client routes are a route of their own (GET and HEAD), not the not-found handler, so that
  // route hooks such as @fastify/compress's apply to the page; anything else it passes on.
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      !url.startsWith('/api/') &&
      url !== '/api' &&
      // Missing files (a stale hashed asset, /favicon.png) get a real 404, not the app.
      !/\.[a-z0-9]{1,8}$/i.test(url);
    if (wantsPage) return sendApp(reply);
    return reply.callNotFound();
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ success: false, error: 'Not found' }));
};
