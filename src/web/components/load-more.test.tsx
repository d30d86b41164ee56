import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTO_LOAD_PAGES, LoadMore, type PagedListState } from './load-more';

/** A stand-in IntersectionObserver: each observed element, and a way to scroll one into view. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[]; live: boolean }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      readonly record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.record = { callback, targets: [], live: true };
        observers.push(this.record);
      }
      observe(target: Element) {
        this.record.targets.push(target);
      }
      disconnect() {
        this.record.live = false;
      }
    },
  );
  return {
    /** The live observers' elements. */
    watched: () => observers.filter((o) => o.live).flatMap((o) => o.targets),
    /** Every live observer sees its elements come into view. */
    scrollIntoView: () => {
      for (const observer of observers.filter((o) => o.live)) {
        observer.callback(
          observer.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
          observer as never,
        );
      }
    },
  };
}

function list(overrides: Partial<PagedListState> = {}): PagedListState {
  return {
    shown: 25,
    total: 80,
    pages: 1,
    hasNextPage: true,
    isFetchingNextPage: false,
    nextPageError: null,
    fetchNextPage: vi.fn(),
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the foot of a paged list', () => {
  it('shows the count in a polite live region and loads more with the button', async () => {
    const state = list();
    render(<LoadMore noun="entries" list={state} />);
    const count = screen.getByText('Showing 25 of 80 entries');
    expect(count.getAttribute('role')).toBe('status');
    expect(count.getAttribute('aria-live')).toBe('polite');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(state.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('loads the next page by itself when its foot scrolls into view, and keeps the button', () => {
    const io = stubIntersectionObserver();
    const state = list();
    const { rerender } = render(<LoadMore noun="entries" list={state} />);
    expect(io.watched()).toHaveLength(1);
    // The sentinel says nothing to assistive technology; the button is still there to use.
    expect(io.watched()[0]?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    io.scrollIntoView();
    expect(state.fetchNextPage).toHaveBeenCalledTimes(1);
    // While the page is on its way nothing more is asked for.
    rerender(<LoadMore noun="entries" list={{ ...state, isFetchingNextPage: true }} />);
    expect(io.watched()).toHaveLength(0);
    io.scrollIntoView();
    expect(state.fetchNextPage).toHaveBeenCalledTimes(1);
    // The page arrived: the foot is watched again.
    rerender(<LoadMore noun="entries" list={{ ...state, shown: 50, pages: 2 }} />);
    expect(io.watched()).toHaveLength(1);
    io.scrollIntoView();
    expect(state.fetchNextPage).toHaveBeenCalledTimes(2);
  });

  it(`leaves it to the button after ${AUTO_LOAD_PAGES} pages, after a failure, and where the page asks`, () => {
    const io = stubIntersectionObserver();
    const { rerender } = render(<LoadMore noun="entries" list={list({ pages: AUTO_LOAD_PAGES })} />);
    expect(io.watched()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    rerender(<LoadMore noun="entries" list={list({ nextPageError: new Error('Network down') })} />);
    expect(io.watched()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    rerender(<LoadMore noun="entries" autoLoad={false} list={list()} />);
    expect(io.watched()).toHaveLength(0);
    rerender(<LoadMore noun="entries" list={list({ hasNextPage: false, pages: 2, shown: 80 })} />);
    expect(io.watched()).toHaveLength(0);
    expect(screen.getByText('Showing 80 of 80 entries')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('without IntersectionObserver, only the button loads more', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const state = list();
    render(<LoadMore noun="entries" list={state} />);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    expect(state.fetchNextPage).not.toHaveBeenCalled();
  });
});
