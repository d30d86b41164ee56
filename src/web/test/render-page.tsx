import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, type InitialEntry, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { defaultPublicConfig, type PublicConfig } from '../../domain';
import { PublicConfigContext } from '../config';
import { theme } from '../theme';

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

/**
 * `router` rendered in the app's real providers: the theme, TanStack Query (no retries, so a
 * refused request shows at once) and the public configuration (the defaults unless given).
 */
export function renderRouter(router: MemoryRouter, config: PublicConfig = defaultPublicConfig) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <PublicConfigContext value={config}>
          <RouterProvider router={router} />
        </PublicConfigContext>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, router, queryClient };
}

/** Shows where a link led, so a test can follow one without the target page. */
function Landing() {
  const location = useLocation();
  return <h1>Landed on {location.pathname}</h1>;
}

/**
 * `Page` at `path` (a route pattern), opened at `entry`, in the app's real providers; every other
 * address shows `landing` (by default "Landed on <path>").
 */
export function renderPageAt(
  Page: ComponentType,
  path: string,
  entry: InitialEntry,
  options: { config?: PublicConfig; landing?: ComponentType } = {},
) {
  const router = createMemoryRouter(
    [
      { path, Component: Page },
      { path: '*', Component: options.landing ?? Landing },
    ],
    { initialEntries: [entry] },
  );
  return renderRouter(router, options.config);
}

/** jsdom has no matchMedia: with this every media query matches, and a page lays out as on a desktop (MUI's md and up). */
export function layOutAsDesktop() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}
