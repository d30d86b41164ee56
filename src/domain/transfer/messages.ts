/** Transfer messages, word for word from spec 001 §5. */
export const ADD_CATALOGUE_ITEM = 'Please add at least one catalogue item to transfer';
/** The wizard banner words the same problem differently. */
export const ADD_CATALOGUE_ITEM_STEP = 'Please add at least one release to transfer';

/** Catalogue finder notices (spec 001 §8). */
export const ADD_CATALOGUE_ITEM_FAILED = 'Error adding item to catalogue';

export function formatCatalogueItemAdded(type: 'track' | 'album', title: string): string {
  return `Successfully added ${type}: ${title}`;
}

export function formatAddedToTransferList(type: 'track' | 'album'): string {
  return `${type === 'track' ? 'Track' : 'Album'} added to transfer list!`;
}
