import { useHydrating } from './use-hydrating';

/**
 * The time zone a page shows times in: the reader's own (undefined: the browser's), except while a
 * page the server rendered is hydrated. The server cannot know the reader's zone, so it
 * writes times in UTC; the client's first render writes them the same way, so that hydration finds
 * the server's text, and React renders them again in the reader's zone right after.
 */
export function useReaderTimeZone(): 'UTC' | undefined {
  return useHydrating() ? 'UTC' : undefined;
}
