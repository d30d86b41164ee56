import { and, asc, eq } from 'drizzle-orm';
import { normaliseEmail } from '../../../domain';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { announceSessionChange } from '../auth/session-cache';

/** Makes the address a staff member: a new account, or an existing one promoted. */
export async function addStaff(
  db: Database,
  email: string,
  name?: string,
): Promise<'added' | 'promoted' | 'unchanged'> {
  const address = normaliseEmail(email);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, address));
    if (!existing) {
      await tx.insert(users).values({ email: address, role: 'staff', name: name ?? null });
      return 'added';
    }
    if (existing.role === 'staff') return 'unchanged';
    await tx.update(users).set({ role: 'staff' }).where(eq(users.id, existing.id));
    await announceSessionChange(tx, { userId: existing.id });
    return 'promoted';
  });
}

/** Takes staff rights away (the account stays, as an artist) and signs the person out everywhere. */
export async function removeStaff(db: Database, email: string): Promise<boolean> {
  const address = normaliseEmail(email);
  return db.transaction(async (tx) => {
    const [demoted] = await tx
      .update(users)
      .set({ role: 'artist' })
      .where(and(eq(users.email, address), eq(users.role, 'staff')))
      .returning({ id: users.id });
    if (!demoted) return false;
    await tx.delete(sessions).where(eq(sessions.userId, demoted.id));
    await announceSessionChange(tx, { userId: demoted.id });
    return true;
  });
}

export async function listStaff(db: Database) {
  return db
    .select({
      email: users.email,
      name: users.name,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
    })
    .from(users)
    .where(eq(users.role, 'staff'))
    .orderBy(asc(users.email));
}
