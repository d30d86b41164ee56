import { createContext, useContext, useEffect } from 'react';
import { usePublicConfig } from '../config';

/**
 * Where a server render keeps the page's title (entry-server.tsx), so the HTML has it from the
 * start: a page the browser never re-renders (a visitor's public page) has no other way to get
 * its title, and a search engine reads it there. Absent in the browser.
 */
export const DocumentTitleContext = createContext<{ title?: string } | null>(null);

/** Sets `document.title` to exactly `title`. */
export function useDocumentTitle(title: string): void {
  const rendering = useContext(DocumentTitleContext);
  if (rendering) rendering.title = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Sets `document.title` to "{page} | {label}". */
export function usePageTitle(page: string): void {
  const { labelName } = usePublicConfig();
  useDocumentTitle(`${page} | ${labelName}`);
}
