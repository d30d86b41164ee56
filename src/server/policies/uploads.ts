import { eq, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../domain';
import { uploads } from '../db/schema';

/**
 * Which uploaded files a person may see: staff all of them; an artist the files they uploaded
 * while signed in (and, once submissions exist, those of their submissions); a visitor none —
 * an anonymous artist sees their own files only through the signed links of their upload results.
 */
export function uploadsVisibleTo(user: SessionUser | undefined): SQL {
  if (!user) return sql`false`;
  if (user.role === 'staff') return sql`true`;
  return eq(uploads.uploaderUserId, user.userId) as SQL;
}
