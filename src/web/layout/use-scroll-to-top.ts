import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * On every navigation to another path (not on first load, not on a query-only change) scroll
 * smoothly to the top (spec 001 §2) and move focus to the main content, so keyboard and screen
 * reader users start at the new page rather than at the link they followed.
 */
export function useScrollToTopOnNavigate(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, left: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}
