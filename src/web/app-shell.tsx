import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import type { IsoDate } from '../domain/common/calendar-date';
import type { PublicConfig } from '../domain/public-config';
import { appTheme } from './app-theme';
import { PublicConfigContext } from './config';
import { RenderedTodayContext, WideScreenHintContext } from './page-data';

interface AppShellProps {
  emotionCache: EmotionCache;
  config: PublicConfig;
  queryClient: QueryClient;
  /**
   * The server's guess of a wide screen for the page it rendered (page-data.ts), which the client
   * hydrates with; false elsewhere.
   */
  wideScreenHint?: boolean;
  /** The day the server rendered the page on (page-data.ts), which the client hydrates with. */
  todayHint?: IsoDate | undefined;
  /** The router: the browser's (main.tsx) or the prerender's static one (entry-server.tsx). */
  children: ReactNode;
}

/**
 * The providers around every page. One component for the browser and the prerender, so the tree
 * the client hydrates is the tree the server rendered (the same components at the same places,
 * which `useId` and hydration depend on).
 */
export function AppShell({
  emotionCache,
  config,
  queryClient,
  wideScreenHint = false,
  todayHint,
  children,
}: AppShellProps) {
  return (
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <ThemeProvider theme={appTheme()}>
          <CssBaseline />
          <PublicConfigContext value={config}>
            <QueryClientProvider client={queryClient}>
              <WideScreenHintContext value={wideScreenHint}>
                <RenderedTodayContext value={todayHint}>{children}</RenderedTodayContext>
              </WideScreenHintContext>
            </QueryClientProvider>
          </PublicConfigContext>
        </ThemeProvider>
      </CacheProvider>
    </StrictMode>
  );
}
