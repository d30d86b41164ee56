/**
 * A stand-in for the document the server renders: one element, `id`, whose text is `json` (none
 * when null), as index.html embeds the public config and a prerendered page's data.
 */
export function pageWithJson(id: string, json: string | null): Document {
  const doc = {
    getElementById: (wanted: string) => (wanted === id && json !== null ? { textContent: json } : null),
  };
  return doc as unknown as Document;
}
