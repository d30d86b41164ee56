/**
 * A signed link to an uploaded file: `/files/{fileId}?…`, relative (the app's own pages) or absolute
 * (mails, exports). A variant's link (`/files/{fileId}/{variant}?…`) names a variant, not the file.
 */
const fileLinkPattern =
  /^(?:[a-z][a-z0-9+.-]*:\/\/[^/?#]*)?\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[?#]|$)/i;

/**
 * The uploaded file a signed link names, lower-cased, or undefined for any other image: a catalogue
 * cover, a picture given as an address, a preview being uploaded. The browser asks the image mapping
 * for these ids (web/api/image-mapping.ts), and the server seeds a signed-in page's mapping with
 * them (routes/signed-in-pages.ts).
 */
export function fileIdOfLink(link: string | null | undefined): string | undefined {
  if (!link) return undefined;
  return fileLinkPattern.exec(link)?.[1]?.toLowerCase();
}
