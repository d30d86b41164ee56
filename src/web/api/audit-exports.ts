import type { AuditExportFormat } from '../../domain';

/**
 * The audit trail exports (staff): plain links, saved under the server's file name; the session
 * cookie goes with them like any request of the page.
 */
export type AuditExportLinks = Record<AuditExportFormat, string>;

/** A signature request's trail (the artist agreement or a release's schedule). */
export function agreementAuditLinks(requestId: string): AuditExportLinks {
  const base = `/api/contracts/${encodeURIComponent(requestId)}/audit`;
  return { json: `${base}.json`, pdf: `${base}.pdf` };
}

/** A release's whole trail: its submission's events and its schedules' signing. */
export function releaseAuditLinks(itemId: string): AuditExportLinks {
  const base = `/api/board/items/${encodeURIComponent(itemId)}/audit`;
  return { json: `${base}.json`, pdf: `${base}.pdf` };
}
