import { useQuery } from '@tanstack/react-query';
import { type SiteConfigResponse, siteConfigResponseSchema } from '../../domain/api/system';
import { apiGet } from './client';
import { queryKeys } from './query-keys';

/** Spec 001 §8: when the config cannot be fetched, assume submissions are enabled. */
const assumedWhenUnavailable: SiteConfigResponse = { submissionsEnabled: true };

export function fetchSiteConfig(signal?: AbortSignal): Promise<SiteConfigResponse> {
  return apiGet('/api/config', siteConfigResponseSchema, signal);
}

/** The submission mode. `siteConfig` is always usable: the server's answer, or the assumption. */
export function useSiteConfig() {
  const query = useQuery({
    queryKey: queryKeys.siteConfig,
    queryFn: ({ signal }) => fetchSiteConfig(signal),
  });
  return { ...query, siteConfig: query.data ?? assumedWhenUnavailable };
}
