import './fonts.css';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './api/query-client';
import { PublicConfigContext, publicConfig, readCspNonce } from './config';
import { createAppRouter } from './routes';
import { theme } from './theme';

// The CSP allows styles only from 'self' or with this response's nonce, so every <style> Emotion
// (and therefore MUI) inserts carries it.
const nonce = readCspNonce();
const emotionCache = createCache(nonce ? { key: 'css', nonce } : { key: 'css' });
const queryClient = createQueryClient();
const router = createAppRouter(publicConfig);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
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
);
