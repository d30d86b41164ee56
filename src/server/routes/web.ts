import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicConfig } from '../../domain/public-config';
import { resolveRequestAuth, sessionCookieName } from '../policies/authentication';
import { renderIndexHtml } from '../public-config';
import { readSiteConfig } from '../services/settings/site-config';
import { requestNow } from '../test-clock';
import { PagePreloads, readViteManifest } from './page-preloads';
import { type PrerenderedPage, PrerenderedPages } from './prerendered-pages';
import { loadSignedInPageData, signedInPageAt } from './signed-in-pages';

/**
 * Serves the built React app from `webRoot`: hashed assets cached for a year, other public files
 * for an hour, and index.html (with the public config and the CSP nonce) for every client route.
 * The build writes a .br and a .gz beside each compressible file; the one the request's
 * Accept-Encoding takes is sent (`preCompressed`, with `Vary: Accept-Encoding`). index.html is
 * rendered per request, so @fastify/compress (app.ts) compresses it on the fly.
 *
 * A visitor's public page comes prerendered (prerendered-pages.ts): its markup in
 * `<div id="root">`, its styles with this response's nonce, and the site config it was rendered
 * with (the mode, the reopening day, the response promise and its record), read per request as
 * `GET /api/config` reads it. A signed-in page (the dashboard,
 * the board: signed-in-pages.ts) comes rendered for its reader, per request and never kept, with
 * their data as the API would answer it: `Cache-Control: private, no-store`. Any other request
 * with a session cookie, a reader of the wrong role, an ended session, or a render that failed
 * gets the plain index.html, and the browser renders the page (or sends them to sign in).
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

  const prerendered = template
    ? await PrerenderedPages.load(webRoot, template, publicConfig, app.log)
    : undefined;
  if (prerendered) {
    // In the background once the server is up, so that no visitor waits for a page's first render.
    app.addHook('onReady', async () => {
      void readSiteConfig(app.db, app.config, new Date())
        .then((siteConfig) => prerendered.renderAll(siteConfig))
        .catch((error: unknown) => app.log.warn({ err: error }, 'The pages could not be prerendered ahead'));
    });
  }
  const manifest = readViteManifest(webRoot);
  const preloads =
    template && prerendered && manifest
      ? new PagePreloads(template, manifest, (pathname) => prerendered.pageModulesAt(pathname))
      : undefined;
  const cookieName = sessionCookieName(app.config);

  /** The visitor's prerendered page at `pathname` in the current mode, if it has one. */
  const prerenderedPage = async (request: FastifyRequest, pathname: string) => {
    if (!prerendered?.has(pathname) || request.cookies[cookieName]) return undefined;
    try {
      return await prerendered.get(
        pathname,
        await readSiteConfig(app.db, app.config, requestNow(app.config, request)),
      );
    } catch (error) {
      // The site config cannot be read (the database is down): the browser asks for it and renders.
      request.log.warn({ err: error }, 'The site config could not be read: the page is not prerendered');
      return undefined;
    }
  };

  /**
   * The signed-in page at `pathname` rendered for the request's reader, or undefined (the plain
   * shell) when the path has none, the session is not one of the page's role, or anything fails
   * (logged: the browser then renders the page as before). The reply gets the time it took.
   */
  const signedInPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    search: string,
  ): Promise<PrerenderedPage | undefined> => {
    const page = signedInPageAt(pathname);
    const cookie = request.cookies[cookieName];
    // HEAD asks for the headers only: not worth a render.
    if (!prerendered || !page || !cookie || request.method !== 'GET') return undefined;
    try {
      const started = performance.now();
      request.auth = await resolveRequestAuth(app, { kind: 'cookie', value: cookie });
      if (request.auth?.user.role !== page.role) return undefined;
      const [siteConfig, signedIn] = await Promise.all([
        readSiteConfig(app.db, app.config, requestNow(app.config, request)),
        loadSignedInPageData(app, request, page, new URLSearchParams(search)),
      ]);
      const loaded = performance.now();
      const rendered = await prerendered.renderNow(`${pathname}${search}`, {
        siteConfig,
        signedIn,
      });
      const done = performance.now();
      reply.header(
        'server-timing',
        `data;dur=${(loaded - started).toFixed(1)};desc="Session and data", render;dur=${(done - loaded).toFixed(1)};desc="Render"`,
      );
      return rendered;
    } catch (error) {
      request.log.error(
        { err: error, path: pathname },
        'Rendering a signed-in page failed: the shell is sent',
      );
      return undefined;
    }
  };

  const sendApp = (
    reply: FastifyReply,
    pathname: string,
    page: PrerenderedPage | undefined,
    personal = false,
  ) => {
    if (!template) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run "npm run build" (npm start does this for you).');
    }
    const nonce = reply.cspNonce?.style;
    const csp = reply.getHeader('content-security-policy');
    if (page?.styleAttributeSources.length && typeof csp === 'string') {
      reply.header(
        'content-security-policy',
        `${csp};style-src-attr ${page.styleAttributeSources.join(' ')}`,
      );
    }
    return (
      reply
        .code(200)
        // A page rendered for its reader is theirs alone: no cache may keep it.
        .header('cache-control', personal ? 'private, no-store' : 'no-cache')
        // The page differs with the session cookie (prerendered for visitors, rendered per reader).
        .header('vary', 'Cookie')
        // The window's width with every later page, for those laid out by the screen
        // (signed-in-pages.ts, guessWideScreen). A page rendered per reader is never cached, so it
        // needs no Vary for it.
        .header('accept-ch', 'Sec-CH-Viewport-Width')
        .type('text/html; charset=utf-8')
        .send(
          renderIndexHtml(
            page && prerendered
              ? prerendered.templateFor(page)
              : (preloads?.templateFor(pathname) ?? template),
            publicConfig,
            nonce,
            page,
          ),
        )
    );
  };

  // Client routes are a route of their own (GET and HEAD), not the not-found handler, so that
  // route hooks such as @fastify/compress's apply to the page; anything else it passes on.
  app.get('/*', { config: { cspNonces: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      !url.startsWith('/api/') &&
      url !== '/api' &&
      // Missing files (a stale hashed asset, /favicon.png) get a real 404, not the app.
      !/\.[a-z0-9]{1,8}$/i.test(url);
    if (!wantsPage) return reply.callNotFound();
    const forVisitor = await prerenderedPage(request, url);
    if (forVisitor) return sendApp(reply, url, forVisitor);
    const search = request.url.slice(url.length);
    const forReader = await signedInPage(request, reply, url, search);
    return sendApp(reply, url, forReader, forReader !== undefined);
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ success: false, error: 'Not found' }));
};
