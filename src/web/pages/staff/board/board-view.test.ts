import { describe, expect, it } from 'vitest';
import { boardViewParams } from '../../../api/board';
import { hasNarrowingFilters, parseBoardView } from './board-view';

describe('parseBoardView', () => {
  it('reads what the URL names, and round-trips through boardViewParams', () => {
    const params = new URLSearchParams(
      'q=maya&status=pending&releaseType=ep&genre=Pop&releasedFrom=2025-01-01&releasedTo=2025-02-01&sort=age',
    );
    const view = parseBoardView(params);
    expect(view).toEqual({
      q: 'maya',
      status: 'pending',
      releaseType: 'ep',
      genre: 'Pop',
      releasedFrom: '2025-01-01',
      releasedTo: '2025-02-01',
      sort: 'age',
    });
    expect(boardViewParams(view).toString()).toBe(params.toString());
    expect(hasNarrowingFilters(view)).toBe(true);
  });

  it('leaves out what the server would refuse, and the default order', () => {
    const view = parseBoardView(
      new URLSearchParams(
        'status=nope&releaseType=album&genre=Polka&releasedFrom=2025-03-01&releasedTo=2025-01-01&sort=random',
      ),
    );
    expect(view).toEqual({});
    expect(hasNarrowingFilters(view)).toBe(false);
    expect(boardViewParams({ sort: 'newest', q: '' }).toString()).toBe('');
  });
});
