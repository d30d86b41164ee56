// The prerender: the public pages rendered to HTML on the server, so that a phone paints
// them before any script has arrived, and the signed-in pages rendered per request with their
// reader's data; the client then hydrates that markup (main.tsx). `vite build` builds this module
// for Node into dist/web-server/entry-server.js, which routes/web.ts imports.
// First: zod's configuration must be set before any schema is made.
import './zod-config';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { aboutPath, type PublicConfig } from '../domain/public-config';
import { createQueryClient } from './api/query-client';
import { AppShell } from './app-shell';
import { DocumentTitleContext } from './components/use-page-title';
import { type PageData, seedQueries } from './page-data';
import { appRoutes } from './routes';

export { pageModulesAt } from './routes';

/**
 * Stands for the CSP nonce in the style tags of a prerender, which is rendered once and sent many
 * times: the server puts each response's own nonce in its place.
 */
export const NONCE_PLACEHOLDER = 'imprint-prerender-nonce';

/**
 * The pages prerendered for visitors: the public site and the submission form. What they show
 * depends on the installation's config and the submission mode, never on who asks.
 */
export function prerenderedPaths(config: Pick<PublicConfig, 'labelName'>): string[] {
  return [...staticPagePaths(config), '/submit'];
}

/**
 * The prerendered pages a visitor only reads: sent with static-page.ts instead of the app, since
 * nothing on them needs it (links are links, the FAQ's answers are `<details>`, the phone menu
 * comes on its own).
 */
export function staticPagePaths(config: Pick<PublicConfig, 'labelName'>): string[] {
  return [
    '/',
    '/learn-more',
    aboutPath(config.labelName),
    '/faq',
    '/terms-of-service',
    '/privacy-policy',
    '/cookie-policy',
    '/data-protection',
  ];
}

export interface RenderedPage {
  /** What goes into `<div id="root">`. */
  html: string;
  /** Emotion's `<style>` tags for that markup, for the head, each with `NONCE_PLACEHOLDER` as its nonce. */
  styles: string;
  /** What the page was rendered with, for the client to hydrate with the same (page-data.ts). */
  pageData: PageData;
  /** The page's `document.title`, for the head's `<title>`; undefined when it sets none. */
  title: string | undefined;
}

/**
 * Renders `path` (with its query string) as the first render in the browser would: the same
 * providers and routes (app-shell.tsx, routes.tsx), the queries' answers from `pageData`: a
 * visitor's public page with the mode alone (no one signed in), a signed-in page with its reader's
 * data (routes/signed-in-pages.ts renders those per request). Waits for the lazy page's code, so
 * the page itself is in the HTML, not its loading state.
 */
export async function renderPage(
  path: string,
  config: PublicConfig,
  pageData: PageData,
): Promise<RenderedPage> {
  const { query, dataRoutes } = createStaticHandler(appRoutes(config));
  const context = await query(new Request(new URL(path, 'http://localhost')));
  // The route table has no loaders or actions, so nothing answers with a redirect.
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(dataRoutes, context);

  const emotionCache = createCache({ key: 'css', nonce: NONCE_PLACEHOLDER });
  // Before rendering: it switches the cache to collecting the styles instead of writing <style>
  // tags into the markup.
  const emotionServer = createEmotionServer(emotionCache);
  const queryClient = createQueryClient();
  seedQueries(queryClient, pageData);

  const title: { title?: string } = {};
  const { prelude } = await prerender(
    <DocumentTitleContext value={title}>
      <AppShell
        emotionCache={emotionCache}
        config={config}
        queryClient={queryClient}
        wideScreenHint={pageData.signedIn?.wideScreen ?? false}
        todayHint={pageData.signedIn?.today}
      >
        {/* No hydration script: the CSP admits no inline script, and the routes have no data to pass. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>
    </DocumentTitleContext>,
    // Every boundary inline, however large: React would otherwise send a large one as its fallback
    // plus a script that swaps the content in, and the CSP admits no inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  // Every style the render inserted, not only those the markup names: MUI's components compose
  // theirs (a Button's styles go into its ButtonBase's class), and the client, hydrating, would
  // otherwise insert each composed-away style again, rule by rule, while the page is busy.
  const insertedClassNames = Object.keys(emotionCache.inserted).map((name) => `${emotionCache.key}-${name}`);
  const styles = emotionServer
    .constructStyleTagsFromChunks(
      emotionServer.extractCriticalToChunks(`${html} ${insertedClassNames.join(' ')}`),
    )
    // Marked as Emotion marks the tags it has moved out of the way of hydration: they are in the
    // head already, and moving them would make the browser recompute every style of the page
    // while the app starts (a long task on a phone). Emotion still takes them over.
    .replaceAll('<style data-emotion=', '<style data-s="" data-emotion=');
  return { html, styles, pageData, title: title.title };
}
