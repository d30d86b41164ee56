import type { CatalogueItem } from '../schemas/catalogue';

/** additionalData.transferUrls of the board item: the items' streaming URLs, comma-joined (spec 001 §7). */
export function joinTransferUrls(items: readonly Pick<CatalogueItem, 'spotifyUrl'>[]): string {
  return items
    .map((item) => item.spotifyUrl.trim())
    .filter(Boolean)
    .join(',');
}
