import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultPublicConfig, type SiteConfigResponse } from '../../../domain';
import { queryKeys } from '../../api/query-keys';
import { PublicConfigContext } from '../../config';
import { theme } from '../../theme';
import { SubmitPage } from './submit-page';

beforeEach(() => {
  window.localStorage.clear();
  Element.prototype.scrollIntoView = vi.fn();
  // Nothing is asked for: the site config is the page data a prerendered page carries.
  vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>(() => {}));
});
afterEach(() => vi.restoreAllMocks());

/** /submit as it hydrates a prerendered page: the site config already in the query cache. */
function renderSubmit(siteConfig: SiteConfigResponse) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.siteConfig, siteConfig);
  const router = createMemoryRouter([{ path: '/submit', Component: SubmitPage }], {
    initialEntries: ['/submit'],
  });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <PublicConfigContext value={defaultPublicConfig}>
          <RouterProvider router={router} />
        </PublicConfigContext>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('the submit page', () => {
  it('says the response promise and its record', async () => {
    renderSubmit({
      submissionsEnabled: true,
      reopensOn: null,
      responsePromise: {
        days: 10,
        record: { windowDays: 90, decisions: 48, onTimePercent: 94, medianDays: 6 },
      },
    });
    expect(
      await screen.findByText(
        'We answer every submission within 10 days. Over the last 90 days we answered 94% of submissions on time, in a median of 6 days.',
      ),
    ).toBeTruthy();
  });

  it('says the promise alone while the record is too thin', async () => {
    renderSubmit({ submissionsEnabled: true, reopensOn: null, responsePromise: { days: 7, record: null } });
    expect(await screen.findByText('We answer every submission within 7 days.')).toBeTruthy();
  });

  it('says when closed submissions reopen on the waiting-list page', async () => {
    renderSubmit({
      submissionsEnabled: false,
      reopensOn: '2099-06-01',
      responsePromise: { days: 10, record: null },
    });
    expect(await screen.findByText('Submissions reopen on June 1, 2099.')).toBeTruthy();
    expect(screen.queryByText(/We answer every submission/)).toBeNull();
  });
});
