import { useQuery } from '@tanstack/react-query';
import { INVITATION_MESSAGES, type InvitationPrefill, isWellFormedToken } from '../../../../domain';
import {
  fetchInvitationDetails,
  readTokenLink,
  retryTokenCheck,
  validateInvitation,
} from '../../../api/invitations';
import { queryKeys } from '../../../api/query-keys';

export interface CheckedInvitation {
  artistName: string;
  /** The invitation's board item: a reference the artist can quote, unlike the secret token. */
  itemId: string;
  prefill: InvitationPrefill | undefined;
}

/**
 * Checks an invitation link, then reads what the label knows about the artist. Read once: the
 * token is used up by the submission, and a refetch on focus must not swap the form for the
 * invalid screen while the artist is still on it.
 */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: queryKeys.invitation(token),
    queryFn: async ({ signal }): Promise<CheckedInvitation> => {
      const { validation, details } = await readTokenLink(
        () => validateInvitation(token, signal),
        (answer) => answer.valid === true,
        () => fetchInvitationDetails(token, signal),
        INVITATION_MESSAGES.invalidLink,
      );
      return {
        artistName: validation.artistName ?? details.artistName ?? details.prefillData?.artistName ?? '',
        itemId: validation.itemId ?? details.itemId ?? '',
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
