import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAIL_PREFERENCE_MESSAGES } from '../../../domain/mail/mail-kinds';
import { mockApi, renderArtistPage } from '../artist/common/artist-test-helpers';
import { UnsubscribePage } from './unsubscribe-page';

const TOKEN = 'u1.WyJyZW1pbmRlcnMiLCJtYXlhQGV4YW1wbGUuY29tIl0.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

afterEach(() => vi.restoreAllMocks());

function serve(enabled = true) {
  let on = enabled;
  return mockApi((request) => {
    if (request.url.pathname === `/api/unsubscribe/${TOKEN}`)
      return {
        status: 200,
        body: { success: true, kind: 'reminders', email: 'maya@example.com', enabled: on },
      };
    if (request.url.pathname === `/unsubscribe/${TOKEN}` && request.method === 'POST') {
      on = false;
      return {
        status: 200,
        body: { success: true, kind: 'reminders', email: 'maya@example.com', enabled: false },
      };
    }
    return { status: 400, body: { success: false, error: MAIL_PREFERENCE_MESSAGES.invalidLink } };
  });
}

const open = (token = TOKEN) =>
  renderArtistPage(UnsubscribePage, '/unsubscribe/:token', `/unsubscribe/${token}`);

describe('the unsubscribe page', () => {
  it('asks first: opening it only reads the link; the button sends the one-click POST', async () => {
    const api = serve();
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Turn off deadline reminders?' }),
    ).toBeTruthy();
    expect(screen.getByText('maya@example.com')).toBeTruthy();
    expect(api.requests.map((request) => request.method)).toEqual(['GET']);

    await userEvent.click(screen.getByRole('button', { name: 'Turn them off' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deadline reminders are off' })).toBeTruthy();
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(`/unsubscribe/${TOKEN}`);
    expect(post?.body).toEqual({ 'List-Unsubscribe': 'One-Click' });
    expect(screen.getByRole('link', { name: 'profile page' }).getAttribute('href')).toBe('/edit-profile');
  });

  it('says so when the mail is already off', async () => {
    serve(false);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Deadline reminders are off' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn them off' })).toBeNull();
  });

  it("shows the server's words for a link that is not valid", async () => {
    serve();
    open('u1.forged.link');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByText(MAIL_PREFERENCE_MESSAGES.invalidLink)).toBeTruthy();
  });
});
