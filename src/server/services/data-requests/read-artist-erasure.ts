import { and, desc, eq } from 'drizzle-orm';
import type { ArtistErasure } from '../../../domain';
import type { Executor } from '../../db/client';
import { dataRequests, users } from '../../db/schema';

/** What an erasure's `detail.files` holds: the total, and the keys still to delete. */
export interface ErasureFilesDetail {
  total: number;
  pending: string[];
}

export function erasureFilesOf(detail: unknown): ErasureFilesDetail {
  const files = (detail as { files?: { total?: unknown; pending?: unknown } } | null)?.files;
  const pending = Array.isArray(files?.pending)
    ? files.pending.filter((key): key is string => typeof key === 'string')
    : [];
  const total = typeof files?.total === 'number' ? files.total : pending.length;
  return { total, pending };
}

/** The artist's erasure (the latest, there is at most one), as the staff artist page shows it. */
export async function readArtistErasure(db: Executor, artistId: string): Promise<ArtistErasure | null> {
  const [row] = await db
    .select({ request: dataRequests, byName: users.name, byEmail: users.email })
    .from(dataRequests)
    .leftJoin(users, eq(users.id, dataRequests.byUserId))
    .where(and(eq(dataRequests.artistId, artistId), eq(dataRequests.kind, 'erasure')))
    .orderBy(desc(dataRequests.createdAt))
    .limit(1);
  if (!row) return null;
  const files = erasureFilesOf(row.request.detail);
  return {
    requestId: row.request.id,
    erasedAt: row.request.createdAt.toISOString(),
    reason: row.request.reason ?? '',
    erasedBy: row.byName?.trim() || row.byEmail || null,
    files: { total: files.total, deleted: files.total - files.pending.length, pending: files.pending.length },
  };
}
