import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETURNING_LINK_FAILURE_MESSAGES } from '../../../domain';
import {
  answerFetch,
  CONTACT_EMAIL,
  fieldValue,
  jsonResponse,
  renderTokenPage,
  stepTab,
  WELL_FORMED_TOKEN,
} from './invitation/token-page-harness';
import { formatLongDate } from './returning/returning-welcome';
import { ReturningArtistPage } from './returning-artist-page';

const validation =
  (extra: Record<string, unknown> = {}) =>
  () =>
    jsonResponse({
      success: true,
      isValid: true,
      artistName: 'Maya Rivers',
      artistEmail: 'maya@example.com',
      usageCount: 1,
      expiresAt: '2027-03-10T12:00:00.000Z',
      previousSubmissions: 3,
      ...extra,
    });
const details = () =>
  jsonResponse({
    success: true,
    artistDetails: { firstName: 'Maya', surname: 'Rivers' },
    prefillData: {
      firstName: 'Maya',
      surname: 'Rivers',
      email: 'maya@example.com',
      artistName: 'Maya Rivers',
      country: 'United Kingdom',
      city: 'London',
      instagramProfile: 'https://instagram.com/mayarivers',
      noTikTok: true,
    },
  });

const openLink = (token = WELL_FORMED_TOKEN, devMode = false) =>
  renderTokenPage('/r/:token', `/r/${token}`, <ReturningArtistPage />, devMode);

beforeEach(() => {
  window.localStorage.clear();
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => vi.restoreAllMocks());

describe('the returning-artist page', () => {
  it('shows a spinner while the link is checked', async () => {
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>(() => {}));
    openLink();
    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { level: 1 }).textContent).toBe('Validating Your Link');
  });

  it.each([
    ['expired', RETURNING_LINK_FAILURE_MESSAGES.expired],
    ['deactivated', RETURNING_LINK_FAILURE_MESSAGES.deactivated],
    ['wrong-format', RETURNING_LINK_FAILURE_MESSAGES['wrong-format']],
    ['unknown', 'Invalid returning artist token'],
  ])('tells why a %s link does not work', async (reason, text) => {
    answerFetch({
      '/api/returning-artist/validate/': () =>
        jsonResponse({ success: false, isValid: false, error: text, reason }, 404),
    });
    openLink();
    await screen.findByRole('heading', { level: 1, name: 'Invalid Returning Artist Link' });
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(screen.getByRole('link', { name: CONTACT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${CONTACT_EMAIL}`,
    );
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
  });

  it('says a link that cannot be a token is in the wrong format, without asking the server', async () => {
    const seen = answerFetch({});
    openLink('sometoken');
    await screen.findByRole('heading', { level: 1, name: 'Invalid Returning Artist Link' });
    expect(screen.getByRole('alert').textContent).toBe(
      'This link is not in the right format. Please check you copied the whole link.',
    );
    expect(seen).toEqual([]);
  });

  it('says so plainly when the attempts are used up (429)', async () => {
    answerFetch({ '/api/returning-artist/validate/': () => jsonResponse({ error: 'Slow down' }, 429) });
    openLink();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, try again in a minute.');
  });

  it('welcomes the artist back with the link facts, and opens the form pre-filled', async () => {
    answerFetch({
      '/api/returning-artist/validate/': validation({ lastUsedAt: '2026-11-02T09:30:00.000Z' }),
      '/api/returning-artist/details/': details,
      '/api/form-session': () => jsonResponse({ formToken: 'form-token' }),
    });
    openLink();
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maya Rivers' });
    const text = document.body.textContent ?? '';
    expect(text).toContain('Emailmaya@example.com');
    expect(text).toContain('Previous submissions3');
    expect(text).toContain(`Access expires${formatLongDate('2027-03-10T12:00:00.000Z')}`);
    expect(text).toContain(`Last used${formatLongDate('2026-11-02T09:30:00.000Z')}`);
    expect(text).toContain('This link is valid for 365 days and works for multiple releases.');
    expect(text).toContain('pre-filled');
    expect(fieldValue('First name')).toBe('Maya');
    expect(fieldValue('Email')).toBe('maya@example.com');
    expect(fieldValue('Artist name')).toBe('Maya Rivers');
    expect(fieldValue('Instagram profile')).toBe('https://instagram.com/mayarivers');
    // Last time the artist said they have no TikTok: the box is ticked and the field is off.
    expect((screen.getByRole('checkbox', { name: "I don't have TikTok" }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(
      (screen.getByRole('checkbox', { name: "I don't have Instagram" }) as HTMLInputElement).checked,
    ).toBe(false);
    expect((screen.getByRole('combobox', { name: 'City' }) as HTMLInputElement).value).toBe('London');
  });

  it('leaves out the last-used date when the link was never used', async () => {
    answerFetch({
      '/api/returning-artist/validate/': validation(),
      '/api/returning-artist/details/': details,
      '/api/form-session': () => jsonResponse({ formToken: 'form-token' }),
    });
    openLink();
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maya Rivers' });
    expect(document.body.textContent).not.toContain('Last used');
  });

  it('sends the token with the submission, then goes to the success page', async () => {
    const seen = answerFetch({
      '/api/returning-artist/validate/': validation(),
      '/api/returning-artist/details/': details,
      '/api/form-session': () => jsonResponse({ formToken: 'form-token' }),
      '/api/board/create-item': () => jsonResponse({ success: true, data: { itemId: 'submission-2' } }),
    });
    const user = userEvent.setup();
    openLink(WELL_FORMED_TOKEN, true);
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maya Rivers' });
    await user.click(stepTab('Review & Submit'));
    await user.click(await screen.findByRole('button', { name: 'Submit Music' }, { timeout: 10_000 }));
    expect(await screen.findByText('Success page', {}, { timeout: 10_000 })).toBeTruthy();
    const sent = seen.find((r) => r.url === '/api/board/create-item');
    const formData = (sent?.body as { formData?: Record<string, unknown> } | undefined)?.formData ?? {};
    expect(formData.returningToken).toBe(WELL_FORMED_TOKEN);
    expect(formData.invitationToken).toBeUndefined();
  });
});

describe('formatLongDate', () => {
  it('writes a calendar date as that day in US long format', () => {
    expect(formatLongDate('2027-03-10')).toBe('March 10, 2027');
  });
});
