import { useQuery } from '@tanstack/react-query';
import type { SiteConfigResponse } from '../../domain/api/system';
import { initialPageCode } from '../components/initial-page';
import { apiGet, DeferredSchema } from './client';
import { queryKeys } from './query-keys';

// Asked on most pages: its schema is fetched after the page's own code, as in session.ts.
const siteConfigResponse = new DeferredSchema(() =>
  initialPageCode()
    .then(() => import('../../domain/api/system'))
    .then((system) => system.siteConfigResponseSchema),
);

/** Spec 001 §8: when the config cannot be fetched, assume submissions are enabled. */
const assumedWhenUnavailable: SiteConfigResponse = { submissionsEnabled: true };

export function fetchSiteConfig(signal?: AbortSignal): Promise<SiteConfigResponse> {
  return apiGet('/api/config', siteConfigResponse, signal);
}

/** The submission mode. `siteConfig` is always usable: the server's answer, or the assumption. */
export function useSiteConfig() {
  const query = useQuery({
    queryKey: queryKeys.siteConfig,
    queryFn: ({ signal }) => fetchSiteConfig(signal),
  });
  return { ...query, siteConfig: query.data ?? assumedWhenUnavailable };
}
