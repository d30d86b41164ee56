import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { siteConfigResponseSchema } from '../domain/api/system';
import { queryKeys } from './api/query-keys';
import { readPageData, seedQueries } from './page-data';
import { pageWithJson } from './test/page-with-json';

const page = (json: string | null) => pageWithJson('imprint-page-data', json);

describe('the page data a prerendered page embeds, checked without zod', () => {
  it('reads what the page was rendered with, in the shape of the API answer', () => {
    const data = readPageData(page(JSON.stringify({ siteConfig: { submissionsEnabled: false } })));
    expect(data).toEqual({ siteConfig: { submissionsEnabled: false } });
    expect(siteConfigResponseSchema.parse(data?.siteConfig)).toEqual(data?.siteConfig);
  });

  it('has none on a page that was not prerendered', () => {
    expect(readPageData(page(null))).toBeUndefined();
  });

  it.each([
    ['not JSON', '{nope'],
    ['no site config', '{}'],
    ['a mode that is not a boolean', '{"siteConfig":{"submissionsEnabled":"yes"}}'],
    ['null', 'null'],
  ])('refuses %s, so the page is rendered anew rather than hydrated with a guess', (_name, json) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readPageData(page(json))).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Ignoring invalid embedded page data');
    warn.mockRestore();
  });

  it('puts the mode into the query cache as GET /api/config would', () => {
    const client = new QueryClient();
    seedQueries(client, { siteConfig: { submissionsEnabled: false } });
    expect(client.getQueryData(queryKeys.siteConfig)).toEqual({ submissionsEnabled: false });
    expect(client.getQueryState(queryKeys.siteConfig)?.status).toBe('success');
  });
});
