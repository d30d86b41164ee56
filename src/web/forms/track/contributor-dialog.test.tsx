import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Contributor } from '../../../domain';
import { ContributorDialog } from './contributor-dialog';

// MUI in jsdom driven by user-event is slow on a busy machine; the default 5 s would fail on timing.
const UI_TEST_TIMEOUT_MS = 60_000;

function renderDialog(initial?: Contributor) {
  const onSave = vi.fn<(contributor: Contributor) => void>();
  const onClose = vi.fn();
  render(<ContributorDialog open initial={initial} onClose={onClose} onSave={onSave} />);
  return { onSave, onClose, dialog: screen.getByRole('dialog') };
}

async function chooseRole(user: ReturnType<typeof userEvent.setup>, role: string) {
  await user.click(screen.getByRole('combobox', { name: /Roles/ }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: role }));
  await user.keyboard('{Escape}');
}

describe('ContributorDialog', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('opens without messages and names the fields it needs once they are left empty', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    expect(within(dialog).getByRole('heading', { name: 'Add contributor' })).toBeTruthy();
    expect(within(dialog).queryByText('First name is required')).toBeNull();

    await user.click(within(dialog).getByRole('textbox', { name: /First name/ }));
    await user.tab();
    expect(within(dialog).getByText('First name is required')).toBeTruthy();
    await user.tab();
    expect(within(dialog).getByText('Last name is required')).toBeTruthy();
    expect(within(dialog).queryByText('Select at least one role')).toBeNull();
  });

  it('reports a malformed e-mail but accepts none', async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = renderDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Sam');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Reed');
    await chooseRole(user, 'Guitar');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'sam@');
    await user.tab();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Add' }).hasAttribute('disabled')).toBe(true);

    await user.clear(within(dialog).getByRole('textbox', { name: /Email/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(onSave).toHaveBeenCalledOnce();
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ firstName: 'Sam', surname: 'Reed', roles: ['Guitar'] });
    expect(onSave.mock.calls[0]?.[0]).not.toHaveProperty('email', '');
  });

  it('asks a primary artist for a valid Spotify artist URL and keeps it', async () => {
    const user = userEvent.setup();
    const { dialog, onSave } = renderDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), ' Ana ');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Lima');
    await chooseRole(user, 'Vocals');
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add.hasAttribute('disabled')).toBe(false);

    await user.click(within(dialog).getByRole('switch', { name: 'Primary artist' }));
    expect(add.hasAttribute('disabled')).toBe(true);
    const url = within(dialog).getByRole('textbox', { name: /Spotify artist URL/ });
    await user.click(url);
    await user.paste('https://spotify.com/ana');
    await user.tab();
    expect(within(dialog).getByText('Please enter a valid Spotify artist URL')).toBeTruthy();
    expect(add.hasAttribute('disabled')).toBe(true);

    await user.clear(url);
    await user.paste('https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb');
    expect(add.hasAttribute('disabled')).toBe(false);
    await user.click(add);
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        firstName: 'Ana',
        surname: 'Lima',
        isPrimaryArtist: true,
        spotifyUrl: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb',
      }),
    );
  });

  it('says where the person will be listed', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    expect(within(dialog).getByText('Non-featured')).toBeTruthy();
    await chooseRole(user, 'Producer');
    expect(within(dialog).getByText('Producer', { selector: 'strong' })).toBeTruthy();
    await user.click(within(dialog).getByRole('switch', { name: 'Featured artist' }));
    expect(within(dialog).getByText('Featured', { selector: 'strong' })).toBeTruthy();
  });

  it('edits a contributor under the same id and cancels without saving', async () => {
    const user = userEvent.setup();
    const { dialog, onSave, onClose } = renderDialog({
      id: 'c-7',
      firstName: 'Kim',
      surname: 'Lee',
      roles: ['Drums'],
      isFeatured: false,
      isPrimaryArtist: false,
    });
    expect(within(dialog).getByRole('heading', { name: 'Edit contributor' })).toBeTruthy();
    const first = within(dialog).getByRole('textbox', { name: /First name/ }) as HTMLInputElement;
    expect(first.value).toBe('Kim');
    await user.clear(first);
    await user.type(first, 'Kimberly');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ id: 'c-7', firstName: 'Kimberly' }));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
