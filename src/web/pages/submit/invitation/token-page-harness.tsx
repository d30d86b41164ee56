import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { defaultPublicConfig } from '../../../../domain';
import { PublicConfigContext } from '../../../config';
import { theme } from '../../../theme';

/** Test support for the personal-link pages: a 43-character token as the server issues them. */
export const WELL_FORMED_TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

export const CONTACT_EMAIL = 'demos@label.test';

export interface SeenRequest {
  url: string;
  method: string;
  body: unknown;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Answers the app's fetches from `routes` (first matching path prefix wins; anything else 404s)
 * and records every request with its parsed JSON body.
 */
export function answerFetch(routes: Record<string, () => Response>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init?.body === 'string' ? init.body : undefined;
    seen.push({ url, method: init?.method ?? 'GET', body: text ? JSON.parse(text) : undefined });
    const match = Object.keys(routes).find((prefix) => url.startsWith(prefix));
    return match ? (routes[match] as () => Response)() : jsonResponse({ error: 'Not found' }, 404);
  });
  return seen;
}

/** Renders `page` at `path`, with /submit/success and / as plain markers. */
export function renderTokenPage(routePath: string, path: string, page: ReactElement, devMode = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: routePath, element: page },
      { path: '/submit/success', element: <p>Success page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <PublicConfigContext value={{ ...defaultPublicConfig, devMode, contactEmail: CONTACT_EMAIL }}>
          <RouterProvider router={router} />
        </PublicConfigContext>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

export const stepTab = (name: string) =>
  within(screen.getByRole('tablist', { name: 'Submission steps' })).getByRole('tab', {
    name: new RegExp(name),
  });

export const fieldValue = (name: string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;
