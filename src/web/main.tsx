// First: zod's configuration must be set before any schema is made.
import './zod-config';
import './fonts.css';
import createCache from '@emotion/cache';
import { startTransition } from 'react';
import { createRoot, type HydrationOptions, hydrateRoot, type RootOptions } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './api/query-client';
import { AppShell } from './app-shell';
import { appTheme } from './app-theme';
import { setInitialPageCode } from './components/initial-page';
import { nextTask } from './components/next-task';
import { readCspNonce, readPublicConfig } from './config';
import { hydratePageFirst } from './layout/page-first';
import { installErrorReporting, pageErrorReporter } from './monitoring/error-reporting';
import { routePatternOf } from './monitoring/route-pattern';
import { startWebVitals } from './monitoring/web-vitals';
import { readPageData, seedQueries } from './page-data';
import { appRoutes, createAppRouter, preloadCurrentPages } from './routes';

// Before anything renders: an error while the app starts is reported too.
installErrorReporting();
// Read once at start: the server renders a fresh index.html per request, so it cannot change under us.
const publicConfig = readPublicConfig();
// The route pattern is worked out when the measurements are sent, not while the page starts.
const initialPath = window.location.pathname;
startWebVitals(() => routePatternOf(appRoutes(publicConfig), initialPath));

const options: RootOptions = {
  // Route errors reach the router's boundary (RootErrorPage reports them); this catches what fails
  // outside it, in the providers above the router.
  onUncaughtError: (error) => {
    pageErrorReporter().report(error, 'render');
    console.error(error);
  },
};

/**
 * Starts the app in steps, each a task of its own after the scripts have run: the theme and caches,
 * the router, fetching the page's code, then the render. On a phone each is then a short task
 * rather than part of one long one (total blocking time).
 */
async function start() {
  await nextTask();
  // The CSP allows styles only from 'self' or with this response's nonce, so every <style> Emotion
  // (and therefore MUI) inserts carries it. The key is the prerender's ('css'): creating the cache
  // takes over the server's <style data-emotion="css …"> tags, so their rules are not inserted again.
  const nonce = readCspNonce();
  const emotionCache = createCache(nonce ? { key: 'css', nonce } : { key: 'css' });
  const queryClient = createQueryClient();
  appTheme();

  await nextTask();
  const router = createAppRouter(publicConfig);

  await nextTask();
  setInitialPageCode(preloadCurrentPages(router));

  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  // The server renders the public pages for visitors, and the signed-in pages for their reader
  // (they paint before any script runs), and embeds what they were rendered with: the
  // client takes that markup over instead of rendering it again.
  const pageData = container.firstElementChild ? readPageData() : undefined;

  const app = (
    <AppShell
      emotionCache={emotionCache}
      config={publicConfig}
      queryClient={queryClient}
      wideScreenHint={pageData?.signedIn?.wideScreen ?? false}
      todayHint={pageData?.signedIn?.today}
    >
      <RouterProvider router={router} />
    </AppShell>
  );

  if (pageData) {
    seedQueries(queryClient, pageData);
    hydratePageFirst();
    const hydrationOptions: HydrationOptions = {
      ...options,
      // A hydration mismatch: React threw the server's markup away and rendered the page anew.
      // Never expected (the e2e suite fails on this message), so it is reported like a render error.
      onRecoverableError: (error) => {
        pageErrorReporter().report(error, 'render');
        console.error('React recovered from an error while hydrating the page:', error);
      },
    };
    // At once, while the page's code (started above) is still on its way. The page, behind its
    // Suspense boundary, keeps the server's markup until its code has arrived and is taken over
    // first; the top bar and footer wait for it (hydratePageFirst), and a click on them before
    // then is not lost (React hydrates what was clicked first). As a transition, the hydration
    // runs in slices of a few milliseconds between which the browser answers input (total
    // blocking time on a phone).
    startTransition(() => void hydrateRoot(container, app, hydrationOptions));
  } else {
    const root = createRoot(container, options);
    // The first render as a transition: React renders it in slices of a few milliseconds and lets
    // the browser paint and answer input between them, instead of one long task for the whole page
    // (total blocking time on a phone). Only the commit, which writes the DOM, is one piece.
    startTransition(() => root.render(app));
  }
}

void start();
