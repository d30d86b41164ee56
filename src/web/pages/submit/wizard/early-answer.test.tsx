import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ARTIST_STEP_INVALID_EMAIL,
  ARTIST_STEP_REQUIRED_FIELDS,
  defaultPublicConfig,
  SURNAME_REQUIRED,
  validateArtistDetails,
} from '../../../../domain';
import { EARLY_SUBMITS_GLOBAL } from '../../../../domain/display/early-submit';
import { EARLY_SUBMIT_SCRIPT } from '../../../../domain/display/early-submit-script';
import { PublicConfigContext } from '../../../config';
import { theme } from '../../../theme';
import { DRAFT_STORAGE_KEY } from '../form/draft-storage';
import { SubmissionWizard } from './submission-wizard';

/** The public form as the server renders it and the app hydrates it. */
function Page() {
  const router = createMemoryRouter([{ path: '/', element: <SubmissionWizard /> }]);
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PublicConfigContext value={{ ...defaultPublicConfig, devMode: false }}>
          <RouterProvider router={router} />
        </PublicConfigContext>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

const FIELDS = [
  'firstName',
  'surname',
  'email',
  'artistName',
  'instagramProfile',
  'tiktokProfile',
  'country',
  'city',
] as const;
type Field = (typeof FIELDS)[number];

let container: HTMLDivElement;
const input = (field: Field) =>
  container.querySelector<HTMLInputElement>(`[data-field="${field}"] input`) as HTMLInputElement;
const form = () => container.querySelector('form') as HTMLFormElement;
const nextStep = () =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === 'Next Step') as HTMLButtonElement;

/** Types as a person does before the app is there: the value changes and the input event bubbles. */
function type(field: Field, value: string) {
  input(field).value = value;
  input(field).dispatchEvent(new Event('input', { bubbles: true }));
}

/** The message the page's script put on each field. */
function earlyMessages(): Partial<Record<Field, string>> {
  const messages: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) {
    const message = input(field).closest('.MuiFormControl-root')?.getAttribute('data-early-message');
    if (message) messages[field] = message;
  }
  return messages;
}

/** What the app's own rules say of the same values (the check boxes unticked). */
function appMessages(): Partial<Record<Field, string>> {
  const values = Object.fromEntries(FIELDS.map((field) => [field, input(field).value]));
  const result = validateArtistDetails({
    ...(values as Record<Field, string>),
    noInstagram: false,
    noTikTok: false,
  });
  return Object.fromEntries(result.errors.map((error) => [error.field, error.message]));
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // The page's head script, as every page runs it before its markup.
  new Function(EARLY_SUBMIT_SCRIPT)();
});

beforeEach(() => {
  window.localStorage.clear();
  Element.prototype.scrollIntoView = vi.fn();
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in this test'));
  container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
});

afterEach(() => {
  container.remove();
  document.documentElement.removeAttribute('data-early-answer');
  (window as unknown as Record<string, HTMLFormElement[]>)[EARLY_SUBMITS_GLOBAL]?.splice(0);
  vi.restoreAllMocks();
});

describe('a Next Step tapped before the app has taken the form over', () => {
  it('is answered at once by step 1’s rules, as the app would answer it', async () => {
    type('firstName', 'Nova');
    type('email', 'nova@');
    type('instagramProfile', 'nova');
    form().requestSubmit();

    expect(document.documentElement.getAttribute('data-early-answer')).toBe('fields');
    expect(earlyMessages()).toEqual(appMessages());
    expect(earlyMessages().surname).toBe(SURNAME_REQUIRED);
    expect(earlyMessages().firstName).toBeUndefined();
    // The first wrong field has the keyboard, from the next frame.
    await vi.waitFor(() => expect(document.activeElement).toBe(input('surname')));
    // A field typed into is marked filled, for its label to be raised off the text.
    const control = (field: Field) => input(field).closest('.MuiFormControl-root');
    expect(control('firstName')?.hasAttribute('data-early-filled')).toBe(true);
    expect(control('surname')?.hasAttribute('data-early-filled')).toBe(false);

    // Fixing fields updates the answer; only the e-mail left wrong gets its own banner.
    for (const [field, value] of [
      ['surname', 'Vale'],
      ['artistName', 'Nova Vale'],
      ['instagramProfile', 'instagram.com/nova'],
      ['tiktokProfile', 'TikTok.com/@nova'],
      ['country', 'Ireland'],
      ['city', 'Cork'],
    ] as const) {
      type(field, value);
      expect(earlyMessages()).toEqual(appMessages());
    }
    expect(document.documentElement.getAttribute('data-early-answer')).toBe('sole');

    type('email', 'nova@example.com');
    expect(earlyMessages()).toEqual({});
    expect(document.documentElement.hasAttribute('data-early-answer')).toBe(false);
  });

  it('takes a tap on Next Step at the click, before React can hydrate the form for it, and sends nothing', () => {
    const submitted = vi.fn();
    const clicksSeen = vi.fn();
    container.addEventListener('submit', submitted);
    container.addEventListener('click', clicksSeen);
    nextStep().click();
    expect(document.documentElement.getAttribute('data-early-answer')).toBe('fields');
    expect(earlyMessages()).toEqual(appMessages());
    // Neither the form's own submission nor React's listener on the page had the tap.
    expect(submitted).not.toHaveBeenCalled();
    expect(clicksSeen).not.toHaveBeenCalled();
    expect((window as unknown as Record<string, HTMLFormElement[]>)[EARLY_SUBMITS_GLOBAL]).toEqual([form()]);
  });

  it('keeps the rest of a tap on Next Step from React while the form is not live, and not after', () => {
    const seen = vi.fn();
    const kinds = ['pointerdown', 'mousedown', 'touchstart', 'focusin', 'pointerup', 'mouseup', 'touchend'];
    for (const kind of kinds) container.addEventListener(kind, () => seen(kind));
    const button = nextStep();
    const fire = () => {
      for (const kind of kinds) button.dispatchEvent(new Event(kind, { bubbles: true }));
    };
    fire();
    expect(seen).not.toHaveBeenCalled();
    // Other parts of the page still get theirs (the form's fields, for one).
    input('firstName').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(seen).toHaveBeenCalledWith('pointerdown');

    seen.mockClear();
    form().setAttribute('data-live', '');
    fire();
    expect(seen.mock.calls.map(([kind]) => kind)).toEqual(kinds);
  });

  it('lets a tap it cannot answer go on, for the app to answer once it is there', () => {
    window.localStorage.setItem(DRAFT_STORAGE_KEY, '{}');
    const clicksSeen = vi.fn();
    container.addEventListener('click', clicksSeen);
    nextStep().click();
    expect(clicksSeen).toHaveBeenCalled();
    // The form's submission that follows is held, not sent.
    expect((window as unknown as Record<string, HTMLFormElement[]>)[EARLY_SUBMITS_GLOBAL]).toEqual([form()]);
    expect(document.documentElement.hasAttribute('data-early-answer')).toBe(false);
  });

  it('skips a field whose "I don\'t have" box is ticked', () => {
    const box = container.querySelector<HTMLInputElement>('input[name="noInstagram"]') as HTMLInputElement;
    box.checked = true;
    form().requestSubmit();
    expect(earlyMessages().instagramProfile).toBeUndefined();
    expect(earlyMessages().tiktokProfile).toBeDefined();
  });

  it('is only held when a draft is about to be restored, whose values the page does not show yet', () => {
    window.localStorage.setItem(DRAFT_STORAGE_KEY, '{}');
    form().requestSubmit();
    expect(document.documentElement.hasAttribute('data-early-answer')).toBe(false);
    expect(earlyMessages()).toEqual({});
  });

  it('is answered by the app once it is there, in place of the early answer, with no hydration error', async () => {
    type('firstName', 'Nova');
    form().requestSubmit();
    expect(earlyMessages().surname).toBe(SURNAME_REQUIRED);
    // Both banners wait, hidden, in the server's markup: the early answer names which one shows.
    expect(container.textContent).toContain(ARTIST_STEP_REQUIRED_FIELDS);
    expect(container.textContent).toContain(ARTIST_STEP_INVALID_EMAIL);

    const errors: unknown[] = [];
    // A development build of React notes the attributes the script added; a production one does not
    // look at attributes.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: (error) => errors.push(error) });
    });
    await vi.waitFor(() => expect(form().hasAttribute('data-live')).toBe(true));
    expect(errors).toEqual([]);
    // At most React's development-build note that attributes differ (the script's messages; it
    // describes the fields as they are by then, the first name's label raised for what was typed).
    for (const [message] of logged.mock.calls) {
      expect(String(message)).toContain("some attributes of the server rendered HTML didn't match");
    }

    // The app's answer: its banner and the surname's own helper text; the early one is gone.
    await vi.waitFor(() =>
      expect(container.querySelector('#field-surname-helper-text')?.textContent).toBe(SURNAME_REQUIRED),
    );
    expect(document.documentElement.hasAttribute('data-early-answer')).toBe(false);
    expect(container.querySelectorAll('[data-early-message], [data-early-filled]')).toHaveLength(0);
    const banners = [...container.querySelectorAll('[role="alert"]')].filter(
      (alert) => !alert.closest('[data-early-banner]'),
    );
    expect(banners.map((banner) => banner.textContent)).toEqual([
      expect.stringContaining(ARTIST_STEP_REQUIRED_FIELDS),
    ]);
    // What was typed before the app was there is the form's.
    expect(input('firstName').value).toBe('Nova');
  });
});
