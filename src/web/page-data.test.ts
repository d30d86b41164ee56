import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { siteConfigResponseSchema } from '../domain/api/system';
import { queryKeys } from './api/query-keys';
import { readPageData, type SignedInPageData, seedQueries } from './page-data';
import { row } from './pages/staff/board/board-test-helpers';
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

  it('takes a visitor’s prerendered page for nobody signed in, so the top bar does not ask /api/me', () => {
    const client = new QueryClient();
    seedQueries(client, { siteConfig: { submissionsEnabled: true } });
    expect(client.getQueryData(queryKeys.currentUser)).toBeNull();
    expect(client.getQueryState(queryKeys.currentUser)?.status).toBe('success');
  });

  const user = {
    userId: 'u-1',
    email: 'maya@example.com',
    role: 'artist' as const,
    name: 'Maya',
    artistName: 'Maya Rivers',
    picture: null,
  };
  const signedIn = {
    user,
    artistProfile: {
      userId: 'u-1',
      email: 'maya@example.com',
      completion: 40,
      profileCompleted: false,
      submissionCount: 21,
      hasSignedContract: false,
    },
    artistSubmissions: { success: true as const, submissions: [], nextCursor: 'next', total: 21 },
    board: {
      filter: 'pending',
      firstPage: { success: true, items: [], nextCursor: null, total: 0, counts: {} },
    },
    imageMappings: { 'file-1': { original: '/files/file-1?s', variants: [] }, 'file-2': null },
    wideScreen: false,
    today: '2026-11-28',
  } satisfies SignedInPageData;

  it("reads a signed-in page's data: its reader, their answers and the screen the server guessed", () => {
    const data = readPageData(page(JSON.stringify({ siteConfig: { submissionsEnabled: true }, signedIn })));
    expect(data?.signedIn).toEqual(signedIn);
  });

  it.each([
    ['no reader', { ...signedIn, user: undefined }],
    ['a reader without a role', { ...signedIn, user: { ...user, role: 'visitor' } }],
    ['submissions that are not a page', { ...signedIn, artistSubmissions: { submissions: 'none' } }],
    ['a board without its filter', { ...signedIn, board: { firstPage: signedIn.board.firstPage } }],
    ['deadlines that are not a map', { ...signedIn, board: { ...signedIn.board, nextDeadlines: [] } }],
    ['a day that is not one', { ...signedIn, today: 'tomorrow' }],
    ['a mapping entry that is not one', { ...signedIn, imageMappings: { 'file-1': 'x' } }],
  ])('refuses signed-in data with %s', (_name, bad) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(
      readPageData(page(JSON.stringify({ siteConfig: { submissionsEnabled: true }, signedIn: bad }))),
    ).toBe(undefined);
    warn.mockRestore();
  });

  it('puts the signed-in answers where their queries read them', () => {
    const client = new QueryClient();
    seedQueries(client, { siteConfig: { submissionsEnabled: true }, signedIn });
    expect(client.getQueryData(queryKeys.currentUser)).toEqual(user);
    expect(client.getQueryData(queryKeys.artistProfile)).toEqual(signedIn.artistProfile);
    // The lists as useInfiniteQuery keeps them: the first page, asked for without a cursor.
    expect(client.getQueryData(queryKeys.artistSubmissions)).toEqual({
      pages: [signedIn.artistSubmissions],
      pageParams: [undefined],
    });
    expect(client.getQueryData(queryKeys.boardItems('pending'))).toEqual({
      pages: [signedIn.board.firstPage],
      pageParams: [undefined],
    });
    expect(client.getQueryData(queryKeys.imageMapping(['file-1']))).toEqual(signedIn.imageMappings['file-1']);
    expect(client.getQueryState(queryKeys.imageMapping(['file-2']))?.status).toBe('success');
    expect(client.getQueryData(queryKeys.imageMapping(['file-2']))).toBeNull();
  });

  it("puts each board row's next deadline where its row reads it, and none for a row left out", () => {
    const client = new QueryClient();
    const dated = row({ itemId: 'a1b2c3d4-0000-4000-8000-000000000001' });
    const undated = row({ itemId: 'a1b2c3d4-0000-4000-8000-000000000002' });
    const deadline = {
      key: 'delivery',
      kind: 'delivery' as const,
      date: '2027-01-29',
      momentKey: 'release',
      subject: 'First Light',
    };
    seedQueries(client, {
      siteConfig: { submissionsEnabled: true },
      signedIn: {
        user: { ...user, role: 'staff' },
        board: {
          filter: 'all',
          firstPage: { success: true, items: [dated, undated], nextCursor: null, total: 2, counts: {} },
          nextDeadlines: { [dated.itemId]: deadline },
        },
      },
    });
    expect(client.getQueryData(queryKeys.nextDeadline(dated.itemId))).toEqual(deadline);
    expect(client.getQueryState(queryKeys.nextDeadline(undated.itemId))?.status).toBe('success');
    expect(client.getQueryData(queryKeys.nextDeadline(undated.itemId))).toBeNull();
  });
});
