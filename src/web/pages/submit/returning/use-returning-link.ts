import { useQuery } from '@tanstack/react-query';
import { type InvitationPrefill, isWellFormedToken, RETURNING_ARTIST_MESSAGES } from '../../../../domain';
import {
  fetchReturningDetails,
  readTokenLink,
  retryTokenCheck,
  validateReturningLink,
} from '../../../api/invitations';
import { queryKeys } from '../../../api/query-keys';

export interface CheckedReturningLink {
  artistName: string;
  email: string;
  previousSubmissions: number | undefined;
  expiresAt: string | undefined;
  lastUsedAt: string | undefined;
  prefill: InvitationPrefill | undefined;
}

/**
 * Checks a returning-artist link, then reads the pre-fill. Read once per visit: the banner shows
 * the link as it was when the page opened, and a refetch must not replace the form mid-way.
 */
export function useReturningLink(token: string) {
  return useQuery({
    queryKey: queryKeys.returningLink(token),
    queryFn: async ({ signal }): Promise<CheckedReturningLink> => {
      const { validation, details } = await readTokenLink(
        () => validateReturningLink(token, signal),
        (answer) => answer.isValid === true,
        () => fetchReturningDetails(token, signal),
        RETURNING_ARTIST_MESSAGES.invalidToken,
      );
      return {
        artistName: validation.artistName ?? details.prefillData?.artistName ?? '',
        email: validation.artistEmail ?? details.prefillData?.email ?? '',
        previousSubmissions: validation.previousSubmissions,
        expiresAt: validation.expiresAt,
        lastUsedAt: validation.lastUsedAt ?? details.artistDetails?.lastUsed ?? undefined,
        prefill: details.prefillData,
      };
    },
    // A token that cannot be one is refused here, without spending an attempt on the server.
    enabled: isWellFormedToken(token),
    retry: retryTokenCheck,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
