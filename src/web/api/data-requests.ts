import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EraseArtistBody, eraseArtistResponseSchema } from '../../domain';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * Artists' data rights: the artist's copy of their data (a plain link: the browser shows the
 * download's progress, and the ZIP's length is known before it starts), and staff's erasure.
 */
export const ARTIST_DATA_EXPORT_PATH = '/api/artist/data-export.zip';

export function useEraseArtist(artistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EraseArtistBody) =>
      apiRequest(`/api/artists/${encodeURIComponent(artistId)}/erase`, eraseArtistResponseSchema, {
        method: 'POST',
        body,
      }),
    // Everything the artist page shows about them changed: the profile, links, agreements' state.
    onSettled: () =>
      Promise.all(
        [
          queryKeys.staffArtist(artistId),
          queryKeys.staffArtistSubmissions(artistId),
          queryKeys.returningLinks(artistId),
          queryKeys.artistAgreements(artistId),
          ['staff-artists'],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
