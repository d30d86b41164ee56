import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api';
import { theme } from '../theme';
import { ResponsePromiseNote } from './response-promise-note';

afterEach(() => vi.restoreAllMocks());

function renderNote() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ResponsePromiseNote />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe("the dashboard's response promise", () => {
  it('says the promise and the record from the site config', async () => {
    mockApi(() => ({
      status: 200,
      body: {
        submissionsEnabled: true,
        reopensOn: null,
        responsePromise: {
          days: 1,
          record: { windowDays: 90, decisions: 20, onTimePercent: 100, medianDays: 1 },
        },
      },
    }));
    renderNote();
    expect(
      await screen.findByText(
        'We answer every submission within 1 day. Over the last 90 days we answered 100% of submissions on time, in a median of 1 day.',
      ),
    ).toBeTruthy();
  });

  it('says nothing when the site config has no promise', async () => {
    const api = mockApi(() => ({ status: 200, body: { submissionsEnabled: true } }));
    const view = renderNote();
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    await vi.waitFor(() => expect(view.container.textContent).toBe(''));
    expect(screen.queryByText(/We answer/)).toBeNull();
  });
});
