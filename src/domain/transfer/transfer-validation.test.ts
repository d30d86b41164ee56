import { describe, expect, it } from 'vitest';
import type { CatalogueItem } from '../schemas/catalogue';
import type { MasterSplit } from '../schemas/track';
import { formatAddedToTransferList, formatCatalogueItemAdded } from './messages';
import { joinTransferUrls } from './transfer-urls';
import { validateTransfer } from './transfer-validation';

function item(splits?: { hasMasterSplit: boolean; masterSplits: MasterSplit[] }): CatalogueItem {
  return {
    id: 'c1',
    type: 'album',
    title: 'Old Record',
    artist: 'Nova Lane',
    spotifyUrl: 'https://open.spotify.com/album/abc',
    ...(splits ? { metadata: splits } : {}),
  };
}

const person = { id: 's1', firstName: 'Ada', lastName: 'Lane', email: 'ada@example.com', percentage: 50 };

describe('transfer', () => {
  it('a transfer alone needs a catalogue item, with the wizard’s own wording', () => {
    expect(validateTransfer({ uploadType: 'transfer', catalogueItems: [] })).toEqual({
      errors: [{ field: 'catalogueItems', message: 'Please add at least one catalogue item to transfer' }],
      stepMessage: 'Please add at least one release to transfer',
    });
  });

  it('"both" does not need a catalogue item', () => {
    expect(validateTransfer({ uploadType: 'both', catalogueItems: [] })).toEqual({ errors: [] });
  });

  it('master splits enabled but none added', () => {
    const result = validateTransfer({
      uploadType: 'transfer',
      catalogueItems: [item({ hasMasterSplit: true, masterSplits: [] })],
    });
    expect(result.errors).toEqual([
      {
        field: 'catalogueItems.0.metadata.masterSplits',
        message: '"Old Record" has master splits enabled but no splits added',
      },
    ]);
  });

  it('ignores splits that are switched off', () => {
    const off = item({ hasMasterSplit: false, masterSplits: [{ ...person, firstName: '' }] });
    expect(validateTransfer({ uploadType: 'transfer', catalogueItems: [off] }).errors).toEqual([]);
  });

  it.each([
    [{ firstName: ' ' }, 'firstName', 'Split #2 missing first name'],
    [{ lastName: '' }, 'lastName', 'Split #2 missing last name'],
    [{ email: undefined }, 'email', 'Split #2 missing email'],
    [{ percentage: 0 }, 'percentage', 'Split #2 has invalid percentage'],
    [{ percentage: -5 }, 'percentage', 'Split #2 has invalid percentage'],
    [{ percentage: 100.1 }, 'percentage', 'Split #2 has invalid percentage'],
    [{ percentage: Number.NaN }, 'percentage', 'Split #2 has invalid percentage'],
  ])('split %j gives %s: %s', (change, field, message) => {
    const splits = [person, { ...person, id: 's2', ...change }];
    const result = validateTransfer({
      uploadType: 'transfer',
      catalogueItems: [item({ hasMasterSplit: true, masterSplits: splits })],
    });
    expect(result.errors).toEqual([{ field: `catalogueItems.0.metadata.masterSplits.1.${field}`, message }]);
  });

  it.each([0.1, 33.3, 100])('accepts a split of %d percent', (percentage) => {
    const splits = [{ ...person, percentage }];
    const result = validateTransfer({
      uploadType: 'transfer',
      catalogueItems: [item({ hasMasterSplit: true, masterSplits: splits })],
    });
    expect(result.errors).toEqual([]);
  });

  it('a split naming a contributor needs no name or e-mail', () => {
    const splits = [{ id: 's1', contributorId: 'c9', percentage: 100 }];
    const result = validateTransfer({
      uploadType: 'transfer',
      catalogueItems: [item({ hasMasterSplit: true, masterSplits: splits })],
    });
    expect(result.errors).toEqual([]);
  });

  it('joins the streaming URLs for the board', () => {
    expect(
      joinTransferUrls([{ spotifyUrl: 'https://a ' }, { spotifyUrl: '' }, { spotifyUrl: 'https://b' }]),
    ).toBe('https://a,https://b');
  });

  it('words the finder notices as the spec does', () => {
    expect(formatCatalogueItemAdded('album', 'Old Record')).toBe('Successfully added album: Old Record');
    expect(formatAddedToTransferList('track')).toBe('Track added to transfer list!');
    expect(formatAddedToTransferList('album')).toBe('Album added to transfer list!');
  });
});
