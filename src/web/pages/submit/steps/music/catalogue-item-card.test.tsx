import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogueItem } from '../../../../../domain';
import { renderInForm } from '../../../../test/render-form';
import { CatalogueItemCard } from './catalogue-item-card';

const album: CatalogueItem = {
  id: 'c1',
  type: 'album',
  title: 'Night Songs',
  artist: 'Nova Lane',
  image: 'data:image/png;base64,al1',
  spotifyUrl: 'https://open.spotify.com/album/al1',
  releaseDate: '2020-11-20',
  details: {
    label: 'Moon Records',
    copyrights: ['© 2020 Moon Records'],
    tracks: [
      { trackNumber: 1, title: 'Opening', duration: 187_000, isrc: 'GBAAA2000001' },
      { trackNumber: 2, title: 'Closing', duration: 245_400 },
    ],
    totalTracks: 2,
    upc: '123456789012',
  },
  metadata: { hasMasterSplit: false, masterSplits: [] },
};

const track: CatalogueItem = {
  id: 'c2',
  type: 'track',
  title: 'Pasted Song',
  artist: 'Nova Lane',
  spotifyUrl: 'https://open.spotify.com/track/tr9',
  releaseDate: '2021-03',
  details: { label: 'Unknown Label', isrc: 'GBAAA2100009', duration: 201_000 },
  metadata: { hasMasterSplit: false, masterSplits: [] },
};

describe('CatalogueItemCard', { timeout: 15_000 }, () => {
  it('shows what the release is, with the date in US long format', () => {
    renderInForm(<CatalogueItemCard item={album} index={0} onRemove={() => undefined} />, {
      values: { catalogueItems: [album] },
    });
    const card = screen.getByRole('article', { name: 'Night Songs' });
    expect(within(card).getByText('Nova Lane')).toBeTruthy();
    expect(within(card).getByText('Album')).toBeTruthy();
    expect(within(card).getByText('Released November 20, 2020')).toBeTruthy();
    expect(within(card).getByText('Label: Moon Records')).toBeTruthy();
  });

  it('expands to the album’s track list with durations and ISRCs', async () => {
    const user = userEvent.setup();
    renderInForm(<CatalogueItemCard item={album} index={0} onRemove={() => undefined} />, {
      values: { catalogueItems: [album] },
    });
    const toggle = screen.getByRole('button', { name: 'Show details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table', { name: 'Track list' })).toBeNull();

    await user.click(toggle);

    expect(screen.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded')).toBe('true');
    const rows = within(screen.getByRole('table', { name: 'Track list' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('1');
    expect(rows[1]?.textContent).toContain('Opening');
    expect(rows[1]?.textContent).toContain('3:07');
    expect(rows[1]?.textContent).toContain('GBAAA2000001');
    expect(rows[2]?.textContent).toContain('4:05');
    expect(screen.getByText('123456789012')).toBeTruthy();
  });

  it('expands to a track’s details, saying what is not known', async () => {
    const user = userEvent.setup();
    renderInForm(<CatalogueItemCard item={track} index={0} onRemove={() => undefined} />, {
      values: { catalogueItems: [track] },
    });
    expect(screen.getByText('Track')).toBeTruthy();
    expect(screen.getByText('Released March 2021')).toBeTruthy();
    expect(screen.getByText('Label: Unknown Label')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show details' }));

    const details = screen.getAllByRole('definition')[0]?.closest('dl') as HTMLElement;
    const terms = within(details)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(terms).toEqual([
      'ISRC: GBAAA2100009',
      'Album: Not available',
      'UPC: Not available',
      'Duration: 3:21',
    ]);
  });

  it('removes through a button naming the release', async () => {
    const onRemove = vi.fn();
    const user = userEvent.setup();
    renderInForm(<CatalogueItemCard item={album} index={0} onRemove={onRemove} />, {
      values: { catalogueItems: [album] },
    });
    await user.click(screen.getByRole('button', { name: 'Remove “Night Songs”' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('edits the master splits of its own item', async () => {
    const user = userEvent.setup();
    const { getForm } = renderInForm(
      <CatalogueItemCard item={track} index={1} onRemove={() => undefined} />,
      {
        values: { catalogueItems: [album, track] },
      },
    );
    const splits = screen.getByRole('group', { name: 'Master splits for “Pasted Song”' });
    await user.click(within(splits).getByRole('switch'));
    expect(getForm().getValues('catalogueItems.1.metadata.hasMasterSplit')).toBe(true);
    expect(getForm().getValues('catalogueItems.0.metadata.hasMasterSplit')).toBe(false);
  });
});
