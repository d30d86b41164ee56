import './fonts.css';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './api/query-client';
import { setInitialPageCode } from './components/initial-page';
import { PublicConfigContext, publicConfig, readCspNonce } from './config';
import { installErrorReporting, pageErrorReporter } from './monitoring/error-reporting';
import { routePatternOf } from './monitoring/route-pattern';
import { startWebVitals } from './monitoring/web-vitals';
import { appRoutes, createAppRouter, preloadCurrentPages } from './routes';
import { theme } from './theme';

// Before anything renders: an error while the app starts is reported too (issue 16).
installErrorReporting();
startWebVitals(routePatternOf(appRoutes(publicConfig), window.location.pathname));

// The CSP allows styles only from 'self' or with this response's nonce, so every <style> Emotion
// (and therefore MUI) inserts carries it.
const nonce = readCspNonce();
const emotionCache = createCache(nonce ? { key: 'css', nonce } : { key: 'css' });
const queryClient = createQueryClient();
const router = createAppRouter(publicConfig);
setInitialPageCode(preloadCurrentPages(router));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container, {
  // Route errors reach the router's boundary (RootErrorPage reports them); this catches what fails
  // outside it, in the providers above the router.
  onUncaughtError: (error) => {
    pageErrorReporter().report(error, 'render');
    console.error(error);
  },
});
// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// browser paint and answer input between them, instead of one long task for the whole page
// (issue 17: total blocking time on a phone). Only the commit, which writes the DOM, is one piece.
startTransition(() =>
  root.render(
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <PublicConfigContext value={publicConfig}>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </PublicConfigContext>
        </ThemeProvider>
      </CacheProvider>
    </StrictMode>,
  ),
);
