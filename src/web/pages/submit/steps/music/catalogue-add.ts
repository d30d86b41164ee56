import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  ADD_CATALOGUE_ITEM_FAILED,
  addCatalogueItem,
  buildCatalogueItem,
  type CatalogueItemSeed,
  catalogueItemKey,
  catalogueItemSchema,
  type FetchedCatalogueMetadata,
  formatAddedToTransferList,
  formatCatalogueItemAdded,
  isCatalogueItemAdded,
} from '../../../../../domain';
import { getAlbumMetadata, getTrackMetadata } from '../../../../api/spotify';
import { createId, type SubmitFormValues } from '../../../../forms/form-values';

type NoticeContent =
  | { severity: 'success'; title: string; message: string }
  | { severity: 'error'; message: string };

/** `id` tells one notice from the next, so each gets its own 3 s. */
export type CatalogueNotice = NoticeContent & { id: number };

export type AddOutcome = 'added' | 'duplicate' | 'failed';

/** Metadata answers change rarely; a release added, removed and added again needs no second call. */
const METADATA_STALE_MS = 5 * 60_000;

/**
 * Adds releases to the transfer list (`catalogueItems`): fetches the release's metadata, builds the
 * item with the domain's rule and writes it to the form, then says so for 3 s. If only the metadata
 * fetch fails the item is still added with default details (spec 001 §8).
 */
export function useCatalogueAdder() {
  const { getValues, setValue } = useFormContext<SubmitFormValues>();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  // The last notice stays while its Snackbar animates out; `noticeOpen` says whether it shows.
  const [notice, setNotice] = useState<CatalogueNotice | null>(null);
  const [noticeOpen, setNoticeOpen] = useState(false);
  const showNotice = useCallback((next: NoticeContent) => {
    setNotice((previous) => ({ ...next, id: (previous?.id ?? 0) + 1 }));
    setNoticeOpen(true);
  }, []);

  const fetchMetadata = useCallback(
    async (seed: CatalogueItemSeed): Promise<FetchedCatalogueMetadata | null> => {
      try {
        if (seed.type === 'album') {
          const metadata = await queryClient.fetchQuery({
            queryKey: ['spotify', 'album-metadata', seed.spotifyId],
            queryFn: ({ signal }) => getAlbumMetadata(seed.spotifyId, signal),
            staleTime: METADATA_STALE_MS,
          });
          return { type: 'album', metadata };
        }
        const metadata = await queryClient.fetchQuery({
          queryKey: ['spotify', 'track-metadata', seed.spotifyId],
          queryFn: ({ signal }) => getTrackMetadata(seed.spotifyId, signal),
          staleTime: METADATA_STALE_MS,
        });
        return { type: 'track', metadata };
      } catch (error) {
        console.warn(
          'Catalogue metadata could not be fetched; adding the release with default details',
          error,
        );
        return null;
      }
    },
    [queryClient],
  );

  const add = useCallback(
    async (seed: CatalogueItemSeed): Promise<AddOutcome> => {
      const key = catalogueItemKey(seed.spotifyUrl);
      if (isCatalogueItemAdded(getValues('catalogueItems') ?? [], seed.spotifyUrl)) return 'duplicate';
      setPending((current) => new Set(current).add(key));
      try {
        const fetched = await fetchMetadata(seed);
        const parsed = catalogueItemSchema.safeParse(buildCatalogueItem(createId(), seed, fetched));
        if (!parsed.success) throw new Error(ADD_CATALOGUE_ITEM_FAILED);
        const item = parsed.data;
        // Read again: the list may have changed while the metadata was on its way.
        const current = getValues('catalogueItems') ?? [];
        if (isCatalogueItemAdded(current, item.spotifyUrl)) return 'duplicate';
        setValue('catalogueItems', addCatalogueItem(current, item), { shouldDirty: true });
        showNotice({
          severity: 'success',
          title: formatAddedToTransferList(item.type),
          message: formatCatalogueItemAdded(item.type, item.title),
        });
        return 'added';
      } catch (error) {
        showNotice({
          severity: 'error',
          message: error instanceof Error && error.message ? error.message : ADD_CATALOGUE_ITEM_FAILED,
        });
        return 'failed';
      } finally {
        setPending((current) => {
          const next = new Set(current);
          next.delete(key);
          return next;
        });
      }
    },
    [fetchMetadata, getValues, setValue, showNotice],
  );

  const isPending = useCallback((spotifyUrl: string) => pending.has(catalogueItemKey(spotifyUrl)), [pending]);
  const dismissNotice = useCallback(() => setNoticeOpen(false), []);

  return { add, isPending, notice, noticeOpen, dismissNotice };
}
