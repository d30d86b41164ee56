import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPlannerSettingRange, REOPEN_DATE_IN_PAST } from '../../../domain';
import { mockApi, renderStaffPage } from './board/board-test-helpers';
import { SettingsPage } from './settings-page';

afterEach(() => vi.restoreAllMocks());

const defaults = { deliveryLeadDays: 28, pitchLeadDays: 7, reminderDaysBefore: 3 };

describe('the settings page', () => {
  it('shows the release planning settings and saves new ones', async () => {
    const api = mockApi(({ method, body }) =>
      method === 'PUT'
        ? { status: 200, body: { success: true, settings: body } }
        : { status: 200, body: { success: true, settings: defaults } },
    );
    const user = userEvent.setup();
    renderStaffPage(SettingsPage, '/admin/settings', '/admin/settings');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    const delivery = await screen.findByRole('spinbutton', {
      name: 'Delivery deadline (days before release)',
    });
    expect((delivery as HTMLInputElement).value).toBe('28');
    const reminder = screen.getByRole('spinbutton', { name: 'Reminder (days before each deadline)' });
    await user.clear(delivery);
    await user.type(delivery, '42');
    await user.clear(reminder);
    await user.type(reminder, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Saved. The key dates and reminders follow the new settings.'),
    ).toBeTruthy();
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/release-planning/settings');
    expect(put?.body).toEqual({ deliveryLeadDays: 42, pitchLeadDays: 7, reminderDaysBefore: 0 });
  });

  it('says which value is out of range before sending, and shows the server refusal', async () => {
    const api = mockApi(({ method }) =>
      method === 'PUT'
        ? { status: 400, body: { success: false, error: formatPlannerSettingRange('pitchLeadDays') } }
        : { status: 200, body: { success: true, settings: defaults } },
    );
    const user = userEvent.setup();
    renderStaffPage(SettingsPage, '/admin/settings', '/admin/settings');
    const pitch = await screen.findByRole('spinbutton', {
      name: 'Editorial pitch deadline (days before release)',
    });
    await user.clear(pitch);
    await user.type(pitch, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(formatPlannerSettingRange('pitchLeadDays'))).toBeTruthy();
    expect(pitch.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.clear(pitch);
    await user.type(pitch, '14');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(formatPlannerSettingRange('pitchLeadDays')),
    );
  });

  it('sets the day closed submissions reopen, and shows a refusal in words', async () => {
    let refuse = true;
    const api = mockApi(({ url, body }) => {
      if (url.pathname === '/api/config/set') {
        if (refuse) return { status: 400, body: { success: false, error: REOPEN_DATE_IN_PAST } };
        return { status: 200, body: { success: true, ...(body as object) } };
      }
      if (url.pathname === '/api/config')
        return { status: 200, body: { submissionsEnabled: false, reopensOn: null } };
      return { status: 200, body: { success: true, settings: defaults } };
    });
    const user = userEvent.setup();
    renderStaffPage(SettingsPage, '/admin/settings', '/admin/settings');
    expect(
      await screen.findByText('Submissions are closed: artists can only join the waiting list.'),
    ).toBeTruthy();
    const field = screen.getByLabelText('Submissions reopen on (optional)');
    await user.type(field, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Save date' }));
    expect(
      await screen.findByText(`The submission mode could not be changed: ${REOPEN_DATE_IN_PAST}`),
    ).toBeTruthy();

    refuse = false;
    await user.clear(field);
    await user.type(field, '2099-06-01');
    await user.click(screen.getByRole('button', { name: 'Save date' }));
    expect(await screen.findByText('The reopening date is saved.')).toBeTruthy();
    expect(
      await screen.findByText(
        'Submissions are closed: artists can only join the waiting list. Submissions reopen on June 1, 2099.',
      ),
    ).toBeTruthy();
    const sent = api.requests.filter((request) => request.url.pathname === '/api/config/set');
    expect(sent.map((request) => request.body)).toEqual([
      { submissionsEnabled: false, reopensOn: '2020-01-01' },
      { submissionsEnabled: false, reopensOn: '2099-06-01' },
    ]);
  });
});
