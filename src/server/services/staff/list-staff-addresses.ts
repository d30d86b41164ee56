import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/** Where staff notices go: every staff member's address (STAFF_EMAILS are made staff at start). */
export async function listStaffAddresses(executor: Executor): Promise<string[]> {
  const rows = await executor
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'staff'))
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}
