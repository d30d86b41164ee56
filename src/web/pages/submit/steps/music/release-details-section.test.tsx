import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NONE_OF_THE_ABOVE, PRIMARY_GENRES } from '../../../../../domain';
import { fieldDomId } from '../../../../forms/field-errors';
import { renderInForm } from '../../../../test/render-form';
import { ReleaseDetailsSection } from './release-details-section';

// Rendering MUI in jsdom and driving it with user-event is slow on a busy machine; the default
// 5 s limit would fail these tests on timing rather than behaviour.
const UI_TEST_TIMEOUT_MS = 20_000;

async function pick(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('ReleaseDetailsSection', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('writes the release title to the form', async () => {
    const user = userEvent.setup();
    const { getForm } = renderInForm(<ReleaseDetailsSection />);
    await user.type(screen.getByRole('textbox', { name: /Release title/ }), 'Night Drive');
    expect(getForm().getValues('releaseTitle')).toBe('Night Drive');
  });

  it('offers every primary genre', async () => {
    const user = userEvent.setup();
    renderInForm(<ReleaseDetailsSection />);
    await user.click(screen.getByRole('combobox', { name: /Primary genre/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(PRIMARY_GENRES);
  });

  it('keeps the sub-genre disabled until a primary genre is chosen', () => {
    renderInForm(<ReleaseDetailsSection />);
    const subGenre = screen.getByRole('combobox', { name: /Sub-genre/ });
    expect(subGenre.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Choose a primary genre first.')).toBeTruthy();
  });

  it('lists the sub-genres of the chosen primary genre and writes both', async () => {
    const user = userEvent.setup();
    const { getForm } = renderInForm(<ReleaseDetailsSection />);
    await pick(user, /Primary genre/, 'Jazz');
    expect(getForm().getValues('primaryGenre')).toBe('Jazz');

    const subGenre = screen.getByRole('combobox', { name: /Sub-genre/ });
    expect(subGenre.getAttribute('aria-disabled')).toBeNull();
    await user.click(subGenre);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toContain('Bebop');
    expect(options.at(-1)?.textContent).toBe(NONE_OF_THE_ABOVE);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Bebop' }));
    expect(getForm().getValues('subGenre')).toBe('Bebop');
  });

  it('clears the sub-genre when the primary genre changes', async () => {
    const user = userEvent.setup();
    const { getForm } = renderInForm(<ReleaseDetailsSection />, {
      values: { primaryGenre: 'Rock', subGenre: 'Indie Rock' },
    });
    expect(screen.getByRole('combobox', { name: /Sub-genre/ }).textContent).toContain('Indie Rock');
    await pick(user, /Primary genre/, 'Metal');
    expect(getForm().getValues('primaryGenre')).toBe('Metal');
    expect(getForm().getValues('subGenre')).toBe('');
    expect(screen.getByRole('combobox', { name: /Sub-genre/ }).textContent).not.toContain('Indie Rock');
  });

  it('keeps the sub-genre when the same primary genre is picked again', async () => {
    const user = userEvent.setup();
    const { getForm } = renderInForm(<ReleaseDetailsSection />, {
      values: { primaryGenre: 'Rock', subGenre: 'Indie Rock' },
    });
    await pick(user, /Primary genre/, 'Rock');
    expect(getForm().getValues('subGenre')).toBe('Indie Rock');
  });

  it('shows the wizard’s problems under each field, with the anchors and ids the wizard uses', () => {
    const { container } = renderInForm(<ReleaseDetailsSection />, {
      errors: [
        { field: 'releaseTitle', message: 'Release title is required' },
        { field: 'primaryGenre', message: 'Primary genre is required' },
        { field: 'subGenre', message: 'Sub-genre is required' },
      ],
    });
    const title = screen.getByRole('textbox', { name: /Release title/ });
    expect(title.id).toBe(fieldDomId('releaseTitle'));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Release title is required',
    );

    const primary = screen.getByRole('combobox', { name: /Primary genre/ });
    expect(primary.id).toBe(fieldDomId('primaryGenre'));
    expect(primary.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(primary.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Primary genre is required',
    );

    const sub = screen.getByRole('combobox', { name: /Sub-genre/ });
    expect(sub.id).toBe(fieldDomId('subGenre'));
    expect(document.getElementById(sub.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Sub-genre is required',
    );

    for (const field of ['releaseTitle', 'primaryGenre', 'subGenre']) {
      expect(container.querySelector(`[data-field="${field}"]`)).not.toBeNull();
    }
  });
});
