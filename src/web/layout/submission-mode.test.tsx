import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPublicConfig, type SessionUser } from '../../domain';
import { queryKeys } from '../api/query-keys';
import { PublicConfigContext } from '../config';
import { theme } from '../theme';
import { DevToolsPanel } from './dev-tools-panel';
import { SubmissionModeControl } from './submission-mode-control';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const staff: SessionUser = {
  userId: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  email: 'a@label.example',
  role: 'staff',
  name: null,
  artistName: null,
  picture: null,
};
const artist: SessionUser = { ...staff, email: 'maya@example.com', role: 'artist' };

interface Setup {
  user?: SessionUser | null;
  devMode?: boolean;
  /** The answer of POST /api/config/set; a promise lets a test hold it back. */
  setAnswer?: () => Promise<{ status: number; body: unknown }> | { status: number; body: unknown };
}

function renderWith(node: ReactNode, { user = staff, devMode = true, setAnswer }: Setup = {}) {
  const requests: { path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ path, body });
    let answer: { status: number; body: unknown } = { status: 404, body: {} };
    if (path === '/api/me') answer = { status: 200, body: { success: true, user } };
    else if (path === '/api/config') answer = { status: 200, body: { submissionsEnabled: true } };
    else if (path === '/api/config/set' && setAnswer) answer = await setAnswer();
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <PublicConfigContext value={{ ...defaultPublicConfig, devMode }}>{node}</PublicConfigContext>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { requests, queryClient };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the developer tools panel', () => {
  it('is hidden from artists, even in development mode', async () => {
    const { requests } = renderWith(<DevToolsPanel />, { user: artist });
    await waitFor(() => expect(requests.some((request) => request.path === '/api/me')).toBe(true));
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('is hidden outside development mode', async () => {
    renderWith(<DevToolsPanel />, { devMode: false });
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('flips to the waiting list at once, and stays there when the server agrees', async () => {
    const held = deferred<{ status: number; body: unknown }>();
    const user = userEvent.setup();
    const { requests, queryClient } = renderWith(<DevToolsPanel />, { setAnswer: () => held.promise });
    const panel = await screen.findByRole('complementary', { name: 'Developer tools' });
    await waitFor(() => expect(panel.textContent).toContain('Current mode: Full Submissions'));
    expect(panel.textContent).toContain('Artists can submit their music in full.');
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Waiting List Mode' }));
    // Optimistic: the cached config already says waiting list before the server answers.
    await waitFor(() => expect(panel.textContent).toContain('Current mode: Waiting List Mode'));
    expect(queryClient.getQueryData(queryKeys.siteConfig)).toEqual({ submissionsEnabled: false });
    expect(requests.find((request) => request.path === '/api/config/set')?.body).toEqual({
      submissionsEnabled: false,
    });

    held.resolve({ status: 200, body: { success: true, submissionsEnabled: false } });
    await waitFor(() => expect(panel.textContent).toContain('Artists can only join the waiting list.'));
    expect((screen.getByRole('switch', { name: 'Waiting List Mode' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('puts the mode back and says why when the server refuses', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderWith(<DevToolsPanel />, {
      setAnswer: () => ({ status: 403, body: { success: false, error: 'Staff only' } }),
    });
    const panel = await screen.findByRole('complementary', { name: 'Developer tools' });
    await waitFor(() => expect(panel.textContent).toContain('Current mode: Full Submissions'));
    await user.click(screen.getByRole('switch', { name: 'Waiting List Mode' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The submission mode could not be changed: Staff only',
    );
    expect(panel.textContent).toContain('Current mode: Full Submissions');
    expect(queryClient.getQueryData(queryKeys.siteConfig)).toEqual({ submissionsEnabled: true });
  });
});

describe('the header mode switch', () => {
  it('turns submissions off optimistically and back on when the request fails', async () => {
    const held = deferred<{ status: number; body: unknown }>();
    const user = userEvent.setup();
    const { queryClient } = renderWith(<SubmissionModeControl />, { setAnswer: () => held.promise });
    const toggle = (await screen.findByRole('switch', {
      name: 'Full submissions (off: waiting list)',
    })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(true);
    expect(screen.getByText('Submissions open')).toBeTruthy();

    await user.click(toggle);
    await waitFor(() => expect(screen.getByText('Waiting list')).toBeTruthy());
    expect(queryClient.getQueryData(queryKeys.siteConfig)).toEqual({ submissionsEnabled: false });

    held.resolve({ status: 500, body: { success: false, error: 'Internal Server Error' } });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The submission mode could not be changed: Internal Server Error',
    );
    expect(screen.getByText('Submissions open')).toBeTruthy();
    expect(queryClient.getQueryData(queryKeys.siteConfig)).toEqual({ submissionsEnabled: true });
  });
});
