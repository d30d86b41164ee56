import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVITATION_MESSAGES } from '../../../domain';
import { DRAFT_STORAGE_KEY } from './form/draft-storage';
import {
  answerFetch,
  CONTACT_EMAIL,
  fieldValue,
  jsonResponse,
  renderTokenPage,
  stepTab,
  WELL_FORMED_TOKEN,
} from './invitation/token-page-harness';
import { InvitationPage } from './invitation-page';

const ITEM_ID = '5f0c2a9e-1d2b-4c3d-8e4f-a1b2c3d4e5f6';

const valid = () =>
  jsonResponse({
    success: true,
    valid: true,
    artistName: 'Nova Lane',
    itemId: ITEM_ID,
    boardType: 'invitation',
  });
const details = () =>
  jsonResponse({
    success: true,
    artistName: 'Nova Lane',
    firstName: 'Ada',
    surname: 'Lane',
    email: 'ada@example.com',
    itemId: ITEM_ID,
    boardType: 'invitation',
    prefillData: {
      firstName: 'Ada',
      surname: 'Lane',
      email: 'ada@example.com',
      artistName: 'Nova Lane',
      country: 'United Kingdom',
      city: 'Leeds',
    },
  });

const openInvitation = (token = WELL_FORMED_TOKEN, devMode = false) =>
  renderTokenPage('/i/:token', `/i/${token}`, <InvitationPage />, devMode);

beforeEach(() => {
  window.localStorage.clear();
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => vi.restoreAllMocks());

describe('the invitation page', () => {
  it('shows the spinner while the link is checked', async () => {
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>(() => {}));
    openInvitation();
    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { level: 1 }).textContent).toBe('Validating Your Invitation');
  });

  it("shows the server's message, the contact address and the way home when the link is refused", async () => {
    const seen = answerFetch({
      '/api/invitation/validate/': () =>
        jsonResponse({ success: false, valid: false, error: INVITATION_MESSAGES.invalidLink }, 404),
    });
    openInvitation();
    await screen.findByRole('heading', { level: 1, name: 'Invalid Invitation' });
    expect(screen.getByRole('alert').textContent).toBe(
      'This invitation link is invalid, expired, or has already been used.',
    );
    const contact = screen.getByRole('link', { name: CONTACT_EMAIL }) as HTMLAnchorElement;
    expect(contact.getAttribute('href')).toBe(`mailto:${CONTACT_EMAIL}`);
    // A refused token is not asked about again (each attempt counts against the visitor's limit).
    expect(seen.filter((r) => r.url.startsWith('/api/invitation/validate/'))).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Return Home' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
  });

  it('refuses a link that cannot be a token without asking the server', async () => {
    const seen = answerFetch({});
    openInvitation('sometoken');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Invalid Invitation');
    expect(screen.getByRole('alert').textContent).toBe(INVITATION_MESSAGES.invalidLink);
    expect(seen.filter((r) => r.url.includes('/api/invitation/'))).toEqual([]);
  });

  it('says so plainly when the attempts are used up (429)', async () => {
    answerFetch({
      '/api/invitation/validate/': () => jsonResponse({ error: 'Rate limit exceeded' }, 429),
    });
    openInvitation();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, try again in a minute.');
  });

  it('welcomes the artist by name with a short reference, and opens the form pre-filled', async () => {
    answerFetch({
      '/api/invitation/validate/': valid,
      '/api/invitation/details/': details,
      '/api/form-session': () => jsonResponse({ formToken: 'form-token' }),
    });
    openInvitation();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Nova Lane' });
    expect(screen.getByText('5F0C2A9E')).toBeTruthy();
    expect(document.body.textContent).not.toContain(WELL_FORMED_TOKEN);
    expect(fieldValue('First name')).toBe('Ada');
    expect(fieldValue('Surname')).toBe('Lane');
    expect(fieldValue('Email')).toBe('ada@example.com');
    expect(fieldValue('Artist name')).toBe('Nova Lane');
    expect((screen.getByRole('combobox', { name: 'City' }) as HTMLInputElement).value).toBe('Leeds');
  });

  it('keeps its own draft, apart from the public form and without the token in the key', async () => {
    answerFetch({
      '/api/invitation/validate/': valid,
      '/api/invitation/details/': details,
      '/api/form-session': () => jsonResponse({ formToken: 'form-token' }),
    });
    openInvitation();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Nova Lane' });
    // The draft is kept once the artist changes something.
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'First name' }), 'h');
    await waitFor(() => expect(window.localStorage.length).toBe(1));
    const key = window.localStorage.key(0) ?? '';
    expect(key.startsWith(`${DRAFT_STORAGE_KEY}.invitation.`)).toBe(true);
    expect(key).not.toContain(WELL_FORMED_TOKEN.slice(0, 12));
    expect(window.localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('sends the token with the submission, then goes to the success page', async () => {
    const seen = answerFetch({
      '/api/invitation/validate/': valid,
      '/api/invitation/details/': details,
      '/api/form-session': () => jsonResponse({ formToken: 'form-token' }),
      '/api/board/create-item': () => jsonResponse({ success: true, data: { itemId: 'submission-1' } }),
    });
    const user = userEvent.setup();
    openInvitation(WELL_FORMED_TOKEN, true);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Nova Lane' });
    await user.click(stepTab('Review & Submit'));
    await user.click(await screen.findByRole('button', { name: 'Submit Music' }, { timeout: 10_000 }));
    expect(await screen.findByText('Success page', {}, { timeout: 10_000 })).toBeTruthy();
    const sent = seen.find((r) => r.url === '/api/board/create-item');
    const formData = (sent?.body as { formData?: Record<string, unknown> } | undefined)?.formData ?? {};
    expect(formData.invitationToken).toBe(WELL_FORMED_TOKEN);
    expect(formData.returningToken).toBeUndefined();
    expect(formData.artistName).toBe('Nova Lane');
    // Sent right after the first click on the page, before the token's fetch would have begun on
    // its own: the submission waited for it.
    const verification = (sent?.body as { verification?: { formToken?: string } } | undefined)?.verification;
    expect(verification?.formToken).toBe('form-token');
    // The invitation's draft is forgotten once it is sent.
    expect(window.localStorage.length).toBe(0);
  });

  it("puts the server's reason after 'Failed to update board entry via invitation'", async () => {
    answerFetch({
      '/api/invitation/validate/': valid,
      '/api/invitation/details/': details,
      '/api/form-session': () => jsonResponse({ formToken: 'form-token' }),
      '/api/board/create-item': () =>
        jsonResponse({ success: false, error: INVITATION_MESSAGES.invalidLink }, 400),
    });
    const user = userEvent.setup();
    openInvitation(WELL_FORMED_TOKEN, true);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Nova Lane' });
    await user.click(stepTab('Review & Submit'));
    await user.click(await screen.findByRole('button', { name: 'Submit Music' }, { timeout: 10_000 }));
    await waitFor(
      () =>
        expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
          'Submission failedFailed to update board entry via invitation: This invitation link is invalid, expired, or has already been used.',
        ),
      { timeout: 10_000 },
    );
  });
});
