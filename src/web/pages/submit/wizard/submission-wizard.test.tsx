import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultPublicConfig } from '../../../../domain';
import { PublicConfigContext } from '../../../config';
import { createInitialValues } from '../../../forms/form-values';
import { theme } from '../../../theme';
import { DRAFT_STORAGE_KEY, loadDraft } from '../form/draft-storage';
import { SubmissionWizard } from './submission-wizard';

function renderWizard(devMode: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The wizard blocks in-app navigation during uploads, which needs a data router.
  const router = createMemoryRouter([{ path: '/', element: <SubmissionWizard /> }]);
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <PublicConfigContext value={{ ...defaultPublicConfig, devMode }}>
          <RouterProvider router={router} />
        </PublicConfigContext>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const stepTab = (name: string) =>
  within(screen.getByRole('tablist', { name: 'Submission steps' })).getByRole('tab', {
    name: new RegExp(name),
  });

beforeEach(() => {
  window.localStorage.clear();
  // jsdom has no layout: scrolling is a no-op here, and the search box never gets this far.
  Element.prototype.scrollIntoView = vi.fn();
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in this test'));
});

afterEach(() => vi.restoreAllMocks());

describe('the submission wizard', () => {
  it('checks step 1 on Next, marks it red, shows the banner, and keeps the artist on it', async () => {
    const user = userEvent.setup();
    renderWizard(false);
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Required Information Missing');
    expect(banner.textContent).toContain(
      'Please fill in all required fields: Artist Name, Country, and City',
    );
    expect(stepTab('Artist Information').textContent).toContain('Has problems:');
    expect(screen.getByRole('heading', { name: 'Basic Information' })).toBeTruthy();
    // Steps ahead cannot be opened outside development mode.
    expect((stepTab('Music Upload') as HTMLButtonElement).disabled).toBe(true);
  });

  it('in development mode lets every step be opened and Next skip the checks', async () => {
    const user = userEvent.setup();
    renderWizard(true);
    await user.click(stepTab('Additional Information'));
    // Steps after the first load lazily: on a busy machine their code takes a moment.
    expect(
      await screen.findByRole('heading', { name: 'About your music' }, { timeout: 10_000 }),
    ).toBeTruthy();
    await user.click(stepTab('Artist Information'));
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(
      await screen.findByRole('heading', { name: 'What are you sending us?' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a draft of what was typed, and starts from it after a reload', async () => {
    const user = userEvent.setup();
    const first = renderWizard(false);
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Nova');
    await waitFor(async () => expect((await loadDraft())?.values.firstName).toBe('Nova'), { timeout: 3000 });
    first.unmount();
    renderWizard(false);
    // The draft is read right after the form shows.
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Nova'),
    );
  });

  it('drops a draft that does not parse instead of half applying it', async () => {
    window.localStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ savedAt: Date.now(), step: 1, values: { ...createInitialValues(), tracks: 'nope' } }),
    );
    renderWizard(false);
    expect(screen.getByRole('heading', { name: 'Basic Information' })).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull());
    expect(screen.getByRole('heading', { name: 'Basic Information' })).toBeTruthy();
  });

  it('keeps what the artist typed while the draft was read, with the keyboard, on the step they are on', async () => {
    window.localStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({
        savedAt: Date.now(),
        step: 2,
        values: { ...createInitialValues(), firstName: 'Old', surname: 'Quinn', bio: 'Dream pop' },
      }),
    );
    renderWizard(false);
    // Typed at once: the draft is read a moment after the form shows.
    const typing = screen.getByRole('textbox', { name: 'First name' });
    typing.focus();
    fireEvent.change(typing, { target: { value: 'Nova' } });
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Surname' }) as HTMLInputElement).value).toBe('Quinn'),
    );
    const firstName = screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement;
    expect(firstName.value).toBe('Nova');
    expect(document.activeElement).toBe(firstName);
    expect(screen.getByRole('heading', { name: 'Basic Information' })).toBeTruthy();
    // The draft keeps both from now on.
    await waitFor(
      async () => expect((await loadDraft())?.values).toMatchObject({ firstName: 'Nova', bio: 'Dream pop' }),
      { timeout: 3000 },
    );
  });

  it('opens on the step the draft was on', async () => {
    window.localStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({
        savedAt: Date.now(),
        step: 2,
        values: { ...createInitialValues(), bio: 'Dream pop' },
      }),
    );
    renderWizard(false);
    expect(
      await screen.findByRole('heading', { name: 'About your music' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'About your music' }) as HTMLTextAreaElement).value).toBe(
      'Dream pop',
    );
  });
  it('says on a track card what its collapsed details need, and after the problems, puts the keyboard on the first', async () => {
    const user = userEvent.setup();
    const initial = createInitialValues();
    const [first] = initial.tracks;
    if (!first) throw new Error('the form starts with a track slot');
    window.localStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({
        savedAt: Date.now(),
        step: 1,
        values: {
          ...initial,
          tracks: [
            {
              ...first,
              title: 'Night Drive',
              url: 'https://cdn.example/night-drive.wav',
              fileName: 'night-drive.wav',
            },
          ],
        },
      }),
    );
    renderWizard(false);
    const card = await screen.findByRole('listitem', { name: 'Track 1' }, { timeout: 10_000 });
    const details = within(card).getByRole('button', { name: /Credits and details/ });
    // Before Next Step: the collapsed details say what they still need.
    expect(details.textContent).toContain('Needs details');
    expect(details.textContent).toContain('contributors or Solo work, production year');

    const nextStep = screen.getByRole('button', { name: 'Next Step' });
    await user.click(nextStep);
    const dialog = await screen.findByRole('dialog', { name: 'Required Information Missing' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    // Not back on Next Step: on the first field on the page that needs something.
    await waitFor(() => {
      const focused = document.activeElement;
      expect(focused?.closest('[data-field]')).not.toBeNull();
    });
    expect(document.activeElement).not.toBe(nextStep);
    // The card's details are open and count their problems instead.
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(details.textContent).toContain('to fix');
  });
});
