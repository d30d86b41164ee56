import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { apiPost, DeferredSchema } from '../api/client';
import type { SubmitFormValues } from './form-values';

/**
 * The form's upload links kept working. A visitor's signed file links work for 15
 * minutes (a signed-in artist's are bound to the session and last longer); the form holds the links
 * of its uploads for previews, players and the draft, so it asks for fresh ones
 * (POST /api/storage/file-links, for this form's upload session) a minute before any of them
 * ends, and at once for those that ended while the page was closed.
 */

/** The answer's schema, loaded with the first renewal rather than with the submit page. */
const fileLinksResponse = new DeferredSchema(() =>
  import('../../domain/schemas/upload').then((schemas) => schemas.fileLinksResponseSchema),
);

/** A link is renewed this long before its end: an `<audio>` handed it must still open it. */
export const RENEW_BEFORE_MS = 60_000;
/** After a failed renewal (offline, a server error): try again this much later. */
const RETRY_AFTER_MS = 60_000;

type LinkPath = 'artwork' | `tracks.${number}.url` | `tracks.${number}.customArtworkUrl`;

export interface StoredUploadLink {
  path: LinkPath;
  url: string;
  fileId: string;
  expiresAtMs: number;
}

/** When a signed file link (`/files/…?expires=…`, relative or absolute) ends; undefined for any other URL. */
export function fileLinkExpiresAtMs(url: string | undefined): number | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://link.invalid');
  } catch {
    return undefined;
  }
  if (!parsed.pathname.startsWith('/files/')) return undefined;
  const expires = Number(parsed.searchParams.get('expires'));
  return Number.isFinite(expires) && expires > 0 ? expires * 1000 : undefined;
}

/** The signed links of this form's uploads, where it keeps them. */
export function storedUploadLinks(values: SubmitFormValues): StoredUploadLink[] {
  const pairs: Array<[LinkPath, string | undefined, string | undefined]> = [
    ['artwork', values.artwork, values.artworkFileId],
  ];
  values.tracks.forEach((track, index) => {
    pairs.push([`tracks.${index}.url`, track.url, track.fileId]);
    pairs.push([`tracks.${index}.customArtworkUrl`, track.customArtworkUrl, track.customArtworkFileId]);
  });
  return pairs.flatMap(([path, url, fileId]) => {
    const expiresAtMs = fileLinkExpiresAtMs(url);
    return url && fileId && expiresAtMs !== undefined ? [{ path, url, fileId, expiresAtMs }] : [];
  });
}

/**
 * Keeps the links of `form`'s uploads from ending while the form is open. Mounted once by the
 * wizard; writes the fresh links into the form (and so into the draft).
 */
export function useFreshUploadLinks(form: UseFormReturn<SubmitFormValues>): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let renewing = false;
    /** Files the server did not renew (submitted, or removed): not asked for again. */
    const refused = new Set<string>();

    const due = (nowMs: number) =>
      storedUploadLinks(form.getValues()).filter(
        (link) => !refused.has(link.fileId) && link.expiresAtMs - RENEW_BEFORE_MS <= nowMs,
      );

    const schedule = (delayMs?: number) => {
      clearTimeout(timer);
      if (stopped || renewing) return;
      const ends = storedUploadLinks(form.getValues())
        .filter((link) => !refused.has(link.fileId))
        .map((link) => link.expiresAtMs - RENEW_BEFORE_MS);
      if (delayMs === undefined && ends.length === 0) return;
      timer = setTimeout(() => void renew(), delayMs ?? Math.max(0, Math.min(...ends) - Date.now()));
    };

    const renew = async () => {
      const links = due(Date.now());
      if (links.length === 0) return schedule();
      renewing = true;
      let failed = false;
      try {
        const fileIds = [...new Set(links.map((link) => link.fileId))];
        const answer = await apiPost(
          '/api/storage/file-links',
          { sessionId: form.getValues('uploadSessionId'), fileIds },
          fileLinksResponse,
        );
        if (stopped) return;
        const fresh = new Map(answer.files.map((file) => [file.fileId, file.url]));
        for (const fileId of fileIds) if (!fresh.has(fileId)) refused.add(fileId);
        renewing = false;
        for (const link of links) {
          const url = fresh.get(link.fileId);
          // Unless the artist replaced the file while the request was out.
          if (url && form.getValues(link.path) === link.url) form.setValue(link.path, url);
        }
      } catch {
        failed = true;
      } finally {
        renewing = false;
      }
      schedule(failed ? RETRY_AFTER_MS : undefined);
    };

    // A new upload, a removed track, a replaced picture: the next end may have moved.
    const subscription = form.watch(() => schedule());
    // A tab that slept (a closed laptop) runs its timers late: look again when it is back.
    const onVisible = () => {
      if (document.visibilityState === 'visible') schedule();
    };
    document.addEventListener('visibilitychange', onVisible);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      subscription.unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [form]);
}
