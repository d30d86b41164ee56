import { useEffect } from 'react';
import { usePublicConfig } from '../config';

/** Sets `document.title` to exactly `title`. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Sets `document.title` to "{page} | {label}". */
export function usePageTitle(page: string): void {
  const { labelName } = usePublicConfig();
  useDocumentTitle(`${page} | ${labelName}`);
}
