import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CatalogueItem, FieldError, MasterSplit } from '../../../domain';
import { renderInForm } from '../../test/render-form';
import { fieldDomId } from '../field-errors';
import { MasterSplitsEditor } from './master-splits-editor';

// MUI in jsdom driven by user-event is slow on a busy machine; the default 5 s would fail on timing.
const UI_TEST_TIMEOUT_MS = 60_000;

const album: CatalogueItem = {
  id: 'cat-1',
  type: 'album',
  title: 'Old Album',
  artist: 'The Band',
  spotifyUrl: 'https://open.spotify.com/album/1',
};

function renderCatalogueItem(metadata?: CatalogueItem['metadata'], errors: FieldError[] = []) {
  const result = renderInForm(
    <MasterSplitsEditor metadataPath="catalogueItems.0.metadata" ownerTitle="Old Album" />,
    {
      values: { catalogueItems: [{ ...album, metadata }] },
      errors,
    },
  );
  const metadataOf = () => result.getForm().getValues('catalogueItems.0.metadata');
  return { ...result, metadataOf };
}

describe('MasterSplitsEditor on a catalogue release', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('turns splits on for an item without metadata and names people by hand', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderCatalogueItem();
    expect(screen.getByRole('group', { name: 'Master splits for “Old Album”' })).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Master royalty splits' }));
    expect(metadataOf()).toEqual({ hasMasterSplit: true, masterSplits: [] });
    expect(screen.getByText(/No splits yet/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add split' }));
    // Without track contributors there is no one to pick: the split names a person.
    expect(screen.queryByRole('combobox', { name: 'Paid to' })).toBeNull();
    const split = screen.getByRole('group', { name: 'Split 1' });
    await user.type(within(split).getByRole('textbox', { name: /First name/ }), 'Kim');
    await user.type(within(split).getByRole('textbox', { name: /Last name/ }), 'Lee');
    await user.type(within(split).getByRole('textbox', { name: /Email/ }), 'k@e.co');
    expect(metadataOf()?.masterSplits).toEqual([
      { id: expect.any(String), firstName: 'Kim', lastName: 'Lee', email: 'k@e.co', percentage: 100 },
    ]);
  });

  it('gives a new split what is left, totals without capping, and removes by number', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderCatalogueItem({
      hasMasterSplit: true,
      masterSplits: [{ id: 's1', firstName: 'A', lastName: 'B', email: 'a@b.co', percentage: 70 }],
    });
    const share1 = within(screen.getByRole('group', { name: 'Split 1' })).getByRole('spinbutton', {
      name: /Share/,
    });
    expect(share1.getAttribute('min')).toBe('0.1');
    expect(share1.getAttribute('max')).toBe('100');
    expect(share1.getAttribute('step')).toBe('0.1');

    await user.click(screen.getByRole('button', { name: 'Add split' }));
    expect(metadataOf()?.masterSplits[1]?.percentage).toBe(30);
    expect(screen.getByText('Total: 100%')).toBeTruthy();
    expect(screen.queryByText(/Shares usually add up to 100%/)).toBeNull();

    const share2 = within(screen.getByRole('group', { name: 'Split 2' })).getByRole('spinbutton', {
      name: /Share/,
    });
    await user.clear(share2);
    await user.type(share2, '45.5');
    expect(metadataOf()?.masterSplits[1]?.percentage).toBe(45.5);
    expect(screen.getByText('Total: 115.5%')).toBeTruthy();
    expect(screen.getByText(/Shares usually add up to 100%/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove split 2' }));
    expect(metadataOf()?.masterSplits.map((s: MasterSplit) => s.id)).toEqual(['s1']);
    expect(screen.getByText('Total: 70%')).toBeTruthy();
  });

  it('keeps an emptied share as 0 in the form, which the split rules report', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderCatalogueItem({
      hasMasterSplit: true,
      masterSplits: [{ id: 's1', firstName: 'A', lastName: 'B', email: 'a@b.co', percentage: 100 }],
    });
    const share = screen.getByRole('spinbutton', { name: /Share/ }) as HTMLInputElement;
    await user.clear(share);
    expect(share.value).toBe('');
    expect(metadataOf()?.masterSplits[0]?.percentage).toBe(0);
  });

  it('shows the wizard’s problems under the section and each input, with the anchors the wizard uses', () => {
    const path = 'catalogueItems.0.metadata.masterSplits';
    const { container } = renderCatalogueItem(
      {
        hasMasterSplit: true,
        masterSplits: [{ id: 's1', percentage: 0 }],
      },
      [
        { field: `${path}.0.firstName`, message: 'Split #1 missing first name' },
        { field: `${path}.0.email`, message: 'Split #1 missing email' },
        { field: `${path}.0.percentage`, message: 'Split #1 has invalid percentage' },
      ],
    );
    const firstName = screen.getByRole('textbox', { name: /First name/ });
    expect(firstName.id).toBe(fieldDomId(`${path}.0.firstName`));
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Split #1 missing first name')).toBeTruthy();
    expect(screen.getByText('Split #1 missing email')).toBeTruthy();
    const share = screen.getByRole('spinbutton', { name: /Share/ });
    expect(share.id).toBe(fieldDomId(`${path}.0.percentage`));
    expect(container.querySelector(`[data-field="${path}.0.percentage"]`)?.textContent).toContain(
      'Split #1 has invalid percentage',
    );
  });

  it('anchors the "enabled but empty" problem on the splits section', () => {
    const path = 'catalogueItems.0.metadata.masterSplits';
    const message = '"Old Album" has master splits enabled but no splits added';
    const { container } = renderCatalogueItem({ hasMasterSplit: true, masterSplits: [] }, [
      { field: path, message },
    ]);
    const section = container.querySelector(`[data-field="${path}"]`);
    expect(section?.textContent).toContain(message);
    expect(within(section as HTMLElement).getByRole('button', { name: 'Add split' })).toBeTruthy();
  });

  it('clears the splits when turned off', async () => {
    const user = userEvent.setup();
    const { metadataOf } = renderCatalogueItem({
      hasMasterSplit: true,
      masterSplits: [{ id: 's1', firstName: 'A', lastName: 'B', email: 'a@b.co', percentage: 100 }],
    });
    await user.click(screen.getByRole('switch', { name: 'Master royalty splits' }));
    expect(metadataOf()).toEqual({ hasMasterSplit: false, masterSplits: [] });
    expect(screen.queryByRole('button', { name: 'Add split' })).toBeNull();
  });
});
