import { act, lazy, Suspense, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AfterPage, hydratePageFirst, PageTakenOver } from './page-first';

describe('hydrating a prerendered page, page first', () => {
  it('takes the top bar over only once the page has been, and keeps its markup meanwhile', async () => {
    const taken: string[] = [];
    function Part({ name }: { name: string }) {
      useEffect(() => {
        taken.push(name);
      }, [name]);
      return <p>{name}</p>;
    }
    function Frame({ page }: { page: React.ReactNode }) {
      return (
        <>
          <AfterPage>
            <Part name="top bar" />
          </AfterPage>
          <Suspense fallback={<p>Loading...</p>}>
            {page}
            <PageTakenOver />
          </Suspense>
        </>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Frame page={<Part name="page" />} />);
    document.body.append(container);

    // The page's code arrives after the layout's, as a lazy route's does.
    let arrive: (module: { default: () => React.ReactNode }) => void = () => {};
    const Page = lazy(() => new Promise<{ default: () => React.ReactNode }>((resolve) => (arrive = resolve)));
    hydratePageFirst();
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Frame page={<Page />} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(taken).toEqual([]);
    expect(container.textContent).toBe('top barpage');

    await act(async () => arrive({ default: () => <Part name="page" /> }));
    expect(taken).toEqual(['page', 'top bar']);
    expect(container.textContent).toBe('top barpage');
    expect(errors).toEqual([]);
  });
});
