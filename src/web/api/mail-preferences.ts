import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAIL_PREFERENCE_MESSAGES, ONE_CLICK_FIELD, ONE_CLICK_VALUE } from '../../domain/mail/mail-kinds';
import type {
  MailPreferencesResponse,
  MailPreferenceUpdate,
  UnsubscribeLinkResponse,
} from '../../domain/schemas/mail-preferences';
import { ApiError, apiGet, apiRequest, DeferredSchema } from './client';
import { queryKeys } from './query-keys';

// The answers' schemas (and zod with them) load with the first answer, not with the page.
const schemas = () => import('../../domain/schemas/mail-preferences');
const mailPreferencesResponse = new DeferredSchema(() =>
  schemas().then((loaded) => loaded.mailPreferencesResponseSchema),
);
const unsubscribeLinkResponse = new DeferredSchema(() =>
  schemas().then((loaded) => loaded.unsubscribeLinkResponseSchema),
);

const finalStatuses = [400, 401, 403, 404];
const retryUnlessFinal = (failures: number, error: Error) =>
  !(error instanceof ApiError && finalStatuses.includes(error.status)) && failures < 1;

/** The reminder and notice mail the signed-in reader gets (`/api/me/mail-preferences`). */
export function useMailPreferences() {
  return useQuery({
    queryKey: queryKeys.mailPreferences,
    queryFn: ({ signal }) => apiGet('/api/me/mail-preferences', mailPreferencesResponse, signal),
    retry: retryUnlessFinal,
  });
}

/** Switches one kind on or off; the answer (every kind as stored) replaces the cached one. */
export function useSetMailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MailPreferenceUpdate): Promise<MailPreferencesResponse> =>
      apiRequest('/api/me/mail-preferences', mailPreferencesResponse, { method: 'PUT', body: change }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.mailPreferences, answer),
  });
}

/** The token as one path segment. */
function linkPath(token: string): string {
  return encodeURIComponent(token);
}

/** What a mail's unsubscribe link stands for: reading it changes nothing. */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: queryKeys.unsubscribeLink(token),
    queryFn: ({ signal }) => apiGet(`/api/unsubscribe/${linkPath(token)}`, unsubscribeLinkResponse, signal),
    enabled: token !== '',
    retry: retryUnlessFinal,
  });
}

/**
 * The page's button: the same POST a mail receiver makes (RFC 8058), its field sent as JSON, to
 * the link's own address.
 */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<UnsubscribeLinkResponse> =>
      apiRequest(`/unsubscribe/${linkPath(token)}`, unsubscribeLinkResponse, {
        method: 'POST',
        body: { [ONE_CLICK_FIELD]: ONE_CLICK_VALUE },
      }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.unsubscribeLink(token), answer),
  });
}

/** The words for a link the server refused (or could not read). */
export function unsubscribeErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 400)
    return error.message || MAIL_PREFERENCE_MESSAGES.invalidLink;
  return error instanceof Error ? error.message : String(error);
}
