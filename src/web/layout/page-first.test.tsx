import { act, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AfterPage, hydratePageFirst, PageTakenOver } from './page-first';

/** The parts in the order React took them over (their effects ran). */
const taken: string[] = [];

function Part({ name }: { name: string }) {
  useEffect(() => {
    taken.push(name);
  }, [name]);
  return <p>{name}</p>;
}

/** The layout's shape: a top bar in the frame, the page in its own boundary. */
function Frame({ page }: { page: ReactNode }) {
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

type PageModule = { default: () => ReactNode };

describe('hydrating a prerendered page, page first', () => {
  it('takes the top bar over only once the page has been, and keeps its markup meanwhile', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Frame page={<Part name="page" />} />);
    document.body.append(container);

    // The page's code arrives after the layout's, as a lazy route's does.
    let arrive: (module: PageModule) => void = () => {};
    const Page = lazy(() => new Promise<PageModule>((resolve) => (arrive = resolve)));
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
