import { describe, expect, it } from 'vitest';
import { boardViewEntries, boardViewKey, hasNarrowingFilters, parseBoardView } from './board-view';

/** Query parameters as a URLSearchParams would answer them. */
const paramsOf = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

describe('parseBoardView', () => {
  it('reads what the URL names, and round-trips through its entries', () => {
    const values = {
      q: 'maya',
      status: 'pending',
      releaseType: 'ep',
      genre: 'Pop',
      releasedFrom: '2025-01-01',
      releasedTo: '2025-02-01',
      sort: 'age',
    };
    const view = parseBoardView(paramsOf(values));
    expect(view).toEqual(values);
    expect(Object.fromEntries(boardViewEntries(view))).toEqual(values);
    expect(hasNarrowingFilters(view)).toBe(true);
  });

  it('leaves out what the server would refuse, and the default order', () => {
    const view = parseBoardView(
      paramsOf({
        status: 'nope',
        releaseType: 'album',
        genre: 'Polka',
        releasedFrom: '2025-03-01',
        releasedTo: '2025-01-01',
        sort: 'random',
        overdue: 'yes',
        delivery: 'lost',
      }),
    );
    expect(view).toEqual({});
    expect(hasNarrowingFilters(view)).toBe(false);
    expect(boardViewEntries({ sort: 'newest', q: '' })).toEqual([]);
  });

  it('reads the overdue filter of the response promise as a narrowing filter', () => {
    const view = parseBoardView(paramsOf({ overdue: 'true', status: 'pending' }));
    expect(view).toEqual({ overdue: 'true', status: 'pending' });
    expect(hasNarrowingFilters(view)).toBe(true);
  });

  it('reads the delivery filter as a narrowing filter, and keeps it in the query', () => {
    const view = parseBoardView(paramsOf({ delivery: 'failed' }));
    expect(view).toEqual({ delivery: 'failed' });
    expect(hasNarrowingFilters(view)).toBe(true);
    expect(boardViewKey(view)).toBe('delivery=failed');
  });
});

describe('boardViewKey', () => {
  it('is "all" for the whole board and the canonical query otherwise, the same however it was written', () => {
    expect(boardViewKey({})).toBe('all');
    expect(boardViewKey({ sort: 'newest' })).toBe('all');
    expect(boardViewKey(parseBoardView(paramsOf({ q: ' maya rivers ', status: 'pending' })))).toBe(
      'q=maya%20rivers&status=pending',
    );
  });
});
