import type { QueryClient } from '@tanstack/react-query';
import type { SiteConfigResponse } from '../domain/api/system';
import { queryKeys } from './api/query-keys';

/**
 * What a prerendered page was rendered with besides the public config: the answers of the queries
 * its first render reads (issue 17). The server embeds it beside the markup as
 * `<script id="imprint-page-data" type="application/json">`, read at request time like
 * `GET /api/config` would answer; the client puts it in its query cache before hydrating, so its
 * first render is the server's and the page does not ask again on load.
 */
export interface PageData {
  siteConfig: SiteConfigResponse;
}

export function seedQueries(client: QueryClient, data: PageData): void {
  client.setQueryData(queryKeys.siteConfig, data.siteConfig);
}

function isPageData(value: unknown): value is PageData {
  if (typeof value !== 'object' || value === null) return false;
  const { siteConfig } = value as { siteConfig?: unknown };
  return (
    typeof siteConfig === 'object' &&
    siteConfig !== null &&
    typeof (siteConfig as { submissionsEnabled?: unknown }).submissionsEnabled === 'boolean'
  );
}

/**
 * The embedded page data, when the server sent a prerendered page; checked by hand, since zod is
 * not part of the first paint (as config.ts does for the public config).
 */
export function readPageData(doc: Document = document): PageData | undefined {
  const text = doc.getElementById('imprint-page-data')?.textContent;
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isPageData(parsed)) return parsed;
  } catch {
    // Not JSON: treated as absent below.
  }
  console.warn('Ignoring invalid embedded page data');
  return undefined;
}
