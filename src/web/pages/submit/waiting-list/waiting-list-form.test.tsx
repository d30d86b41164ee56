import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { theme } from '../../../theme';
import { describedText, jsonResponse, optionNamed, requestUrl } from '../steps/artist/test-helpers';
import { WaitingListForm } from './waiting-list-form';

function renderForm() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: 0 } },
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '/submit', element: <WaitingListForm /> },
    ],
    { initialEntries: ['/submit'] },
  );
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { router };
}

function input(path: string): HTMLInputElement | HTMLTextAreaElement {
  const element = document.getElementById(`field-${path}`);
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement))
    throw new Error(`No input for ${path}`);
  return element;
}

const joinButton = () => screen.getByRole('button', { name: 'Join Waiting List' });

type User = ReturnType<typeof userEvent.setup>;

/** Fills in what the waiting list needs, pasting rather than typing (MUI re-renders per key, slowly in jsdom). */
async function fillComplete(user: User) {
  for (const [path, value] of [
    ['firstName', 'Ada'],
    ['surname', 'Lane'],
    ['email', ' Ada.Lane@Example.com'],
    ['artistName', 'Nova Lane'],
    ['instagramProfile', 'https://instagram.com/novalane'],
    ['listenLink', 'https://soundcloud.com/novalane/tide'],
    ['projectDescription', 'A six-track EP about the sea.'],
  ] as const) {
    await user.click(input(path));
    await user.paste(value);
  }
  await user.click(input('country'));
  await user.paste('Irel');
  await user.click(optionNamed('Ireland'));
  await user.click(input('city'));
  await user.paste('Cork');
  await user.click(optionNamed('Cork'));
}

let fetchSpy: MockInstance<typeof fetch>;
beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  // Anything but the waiting list (the Spotify search, say) has no network in these tests.
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('no network in this test'));
});
afterEach(() => vi.restoreAllMocks());

const waitingListCalls = () =>
  fetchSpy.mock.calls.filter(([url]) => requestUrl(url).pathname === '/api/waiting-list');

describe('WaitingListForm', { timeout: 60_000 }, () => {
  it("shows step 1's sections in order, then the waiting-list block, with no wizard buttons", () => {
    renderForm();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Basic Information',
      'Find your artist profile on Spotify',
      'Social Media Profiles',
      'Location',
      'Join the Waiting List',
    ]);
    expect(joinButton()).toBeTruthy();
    expect(screen.queryByText('Next Step')).toBeNull();
    expect((input('listenLink') as HTMLInputElement).required).toBe(true);
    expect((input('projectDescription') as HTMLTextAreaElement).required).toBe(false);
    // The waiting list does not ask for the social profiles.
    expect((input('instagramProfile') as HTMLInputElement).required).toBe(false);
    expect((input('tiktokProfile') as HTMLInputElement).required).toBe(false);
  });

  it('lists what is missing in an alert and under the fields, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderForm();
    await user.click(joinButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Required Information Missing');
    expect(alert.textContent).toContain(
      'Please fill in the following required fields: First Name, Surname, Email, Artist Name, Country, City',
    );
    expect(alert.textContent).toContain('Please provide a listen link for your latest project.');
    expect(describedText(input('firstName'))).toBe('First name is required');
    expect(describedText(input('city'))).toContain('City is required');
    expect(describedText(input('listenLink'))).toBe('Please provide a listen link for your latest project.');
    await waitFor(() => expect(document.activeElement).toBe(input('firstName')));
    expect(waitingListCalls()).toEqual([]);

    // The messages follow the artist's fixes.
    await user.paste('Ada');
    await waitFor(() => expect(describedText(input('firstName'))).toBe(''));
    expect(screen.getByRole('alert').textContent).toContain(
      'Please fill in the following required fields: Surname, Email, Artist Name, Country, City',
    );
    await user.click(input('email'));
    await user.paste('ada@example');
    await waitFor(() => expect(describedText(input('email'))).toBe('Please enter a valid email address'));
    expect(screen.getByRole('alert').textContent).toContain('Please enter a valid email address');
  });

  it('sends the entry, disables the form while it is on its way, then shows the 7-10 days promise', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { router } = renderForm();
    await fillComplete(user);

    let answer: (response: Response) => void = () => {};
    fetchSpy.mockImplementation((url) =>
      requestUrl(url).pathname === '/api/waiting-list'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : Promise.reject(new TypeError('no network in this test')),
    );
    await user.click(joinButton());
    await waitFor(() => expect(waitingListCalls()).toHaveLength(1));
    expect(joinButton().matches(':disabled')).toBe(true);
    expect(input('firstName').matches(':disabled')).toBe(true);
    expect(input('listenLink').matches(':disabled')).toBe(true);

    const [, init] = waitingListCalls()[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      artistData: {
        firstName: 'Ada',
        surname: 'Lane',
        email: 'ada.lane@example.com',
        artistName: 'Nova Lane',
        country: 'Ireland',
        city: 'Cork',
        instagramProfile: 'https://instagram.com/novalane',
        listenLink: 'https://soundcloud.com/novalane/tide',
        projectDescription: 'A six-track EP about the sea.',
      },
    });

    answer(jsonResponse({ success: true, itemId: 'entry-1' }));
    const heading = await screen.findByRole('heading', { name: "You're on the waiting list" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('status').textContent).toBe(
      "Thank you for joining our waiting list! We'll listen to your music and get back to you within 7-10 days.",
    );
    expect(screen.queryByRole('button', { name: 'Join Waiting List' })).toBeNull();
    const home = screen.getByRole('link', { name: 'Return to Homepage' });
    expect(home.getAttribute('href')).toBe('/');
    await user.click(home);
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows each failure in the spec's words, keeps what was typed, and lets the artist try again", async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderForm();
    await fillComplete(user);

    const cases: [string, () => Promise<Response>][] = [
      [
        'Server error: 500 Internal server error',
        async () => jsonResponse({ success: false, error: 'Internal server error' }, 500),
      ],
      [
        'Server error: 429 Too many waiting-list requests from your network. Try again in 60 minutes.',
        async () =>
          jsonResponse(
            {
              success: false,
              error: 'Too many waiting-list requests from your network. Try again in 60 minutes.',
            },
            429,
          ),
      ],
      ['Server error: 502 Bad Gateway', async () => new Response('Bad Gateway', { status: 502 })],
      [
        'Network error: Please check your internet connection and try again.',
        async () => {
          throw new TypeError('Failed to fetch');
        },
      ],
      [
        'The list is closed today',
        async () => jsonResponse({ success: false, error: 'The list is closed today' }),
      ],
      [
        'Listen link unreachable',
        async () => jsonResponse({ success: false, details: 'Listen link unreachable' }),
      ],
      ['Failed to join waiting list', async () => jsonResponse({ success: false })],
      [
        'Sorry, there was an error joining the waiting list. Please try again.',
        async () => new Response('<html>not json</html>', { status: 200 }),
      ],
    ];
    for (const [text, respond] of cases) {
      fetchSpy.mockImplementationOnce(respond);
      await user.click(joinButton());
      await waitFor(() => expect(screen.getByRole('alert').textContent, text).toBe(text));
      expect(joinButton().matches(':disabled')).toBe(false);
      expect(input('firstName').matches(':disabled')).toBe(false);
    }
    expect(waitingListCalls()).toHaveLength(cases.length);
    expect(input('firstName').value).toBe('Ada');
    expect(input('listenLink').value).toBe('https://soundcloud.com/novalane/tide');

    fetchSpy.mockResolvedValueOnce(jsonResponse({ success: true, itemId: 'entry-2' }));
    await user.click(joinButton());
    expect(await screen.findByRole('heading', { name: "You're on the waiting list" })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
