import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADD_CATALOGUE_ITEM, type CatalogueItem, DISTRIBUTORS } from '../../../../../domain';
import { renderInForm } from '../../../../test/render-form';
import { mockSpotifyApi } from './catalogue-test-api';
import { TransferSection } from './transfer-section';

afterEach(() => vi.restoreAllMocks());

function item(n: number, type: 'album' | 'track' = 'album'): CatalogueItem {
  const base = {
    id: `c${n}`,
    title: `Release ${n}`,
    artist: 'Nova Lane',
    spotifyUrl: `https://open.spotify.com/${type}/x${n}`,
    metadata: { hasMasterSplit: false, masterSplits: [] },
  };
  return type === 'album'
    ? { ...base, type, details: { label: 'Moon Records', tracks: [] } }
    : { ...base, type, details: { label: 'Moon Records' } };
}

describe('TransferSection', { timeout: 15_000 }, () => {
  it('has a heading, the finder’s two tabs and a friendly empty list', () => {
    renderInForm(<TransferSection />, { values: { uploadType: 'transfer' } });
    expect(screen.getByRole('region', { name: 'Transfer your catalogue' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Search Music' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Enter URL' })).toBeTruthy();
    expect(screen.getByText(/Nothing added yet\. Search for your tracks and albums above/)).toBeTruthy();
  });

  it('marks the current distributor as required and writes the choice to `distributor`', async () => {
    const user = userEvent.setup();
    const { getForm } = renderInForm(<TransferSection />, { values: { uploadType: 'transfer' } });
    const input = screen.getByRole('combobox', { name: /Current distributor/ });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('*')).toBeTruthy();
    expect(input.id).toBe('field-distributor');
    expect(input.closest('[data-field="distributor"]')).toBeTruthy();

    await user.click(input);
    // Every distributor of the domain's list is offered, 'Other / Not Listed' included.
    expect(screen.getAllByRole('option')).toHaveLength(DISTRIBUTORS.length);
    await user.type(input, 'Distro');
    await user.click(screen.getByRole('option', { name: 'DistroKid' }));

    expect(getForm().getValues('distributor')).toBe('DistroKid');
    expect((input as HTMLInputElement).value).toBe('DistroKid');
  });

  it('shows an existing distributor and the distributor error', () => {
    renderInForm(<TransferSection />, {
      values: { uploadType: 'transfer', distributor: 'Other / Not Listed' },
      errors: [{ field: 'distributor', message: 'Please choose your current distributor' }],
    });
    const input = screen.getByRole('combobox', { name: /Current distributor/ }) as HTMLInputElement;
    expect(input.value).toBe('Other / Not Listed');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please choose your current distributor')).toBeTruthy();
  });

  it('shows the list’s error on its anchor', () => {
    const { container } = renderInForm(<TransferSection />, {
      values: { uploadType: 'transfer' },
      errors: [{ field: 'catalogueItems', message: ADD_CATALOGUE_ITEM }],
    });
    const anchor = container.querySelector('[data-field="catalogueItems"]') as HTMLElement;
    expect(within(anchor).getByText('Please add at least one catalogue item to transfer')).toBeTruthy();
    expect(anchor.getAttribute('aria-describedby')).toBe('field-catalogueItems');
  });

  it('lists the added releases and removes one', async () => {
    const user = userEvent.setup();
    const { getForm } = renderInForm(<TransferSection />, {
      values: { uploadType: 'transfer', catalogueItems: [item(1), item(2, 'track')] },
    });
    expect(screen.getByRole('heading', { name: 'Releases to transfer (2)' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove “Release 1”' }));

    expect(
      getForm()
        .getValues('catalogueItems')
        .map((entry) => entry.id),
    ).toEqual(['c2']);
    expect(screen.queryByRole('article', { name: 'Release 1' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Release 2' })).toBeTruthy();
    // The keyboard is not lost with the removed card.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Releases to transfer (1)' }));

    await user.click(screen.getByRole('button', { name: 'Remove “Release 2”' }));
    expect(getForm().getValues('catalogueItems')).toEqual([]);
    expect(screen.getByText(/Nothing added yet/)).toBeTruthy();
  });

  it('adds a release from the finder to the list below', async () => {
    mockSpotifyApi();
    const user = userEvent.setup();
    const { getForm } = renderInForm(<TransferSection />, { values: { uploadType: 'transfer' } });
    await user.click(screen.getByRole('tab', { name: 'Enter URL' }));
    await user.click(screen.getByRole('textbox', { name: 'Spotify track or album link' }));
    await user.paste('https://open.spotify.com/album/al1');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    const card = await screen.findByRole('article', { name: 'Night Songs 1' });
    expect(within(card).getByText('Label: Moon Records')).toBeTruthy();
    expect(within(card).getByText('Released November 20, 2020')).toBeTruthy();
    await waitFor(() => expect(getForm().getValues('catalogueItems')).toHaveLength(1));
  });
});
