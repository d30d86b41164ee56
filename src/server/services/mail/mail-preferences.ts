import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  type MailPreference,
  type MailPreferenceSource,
  normaliseEmail,
  type UnsubscribableMailKind,
} from '../../../domain';
import type { Executor } from '../../db/client';
import { mailPreferences } from '../../db/schema';

/** Whether `email` turned this kind of mail off: the mail job asks before sending one. */
export async function isMailTurnedOff(
  executor: Executor,
  email: string,
  kind: UnsubscribableMailKind,
): Promise<boolean> {
  const [row] = await executor
    .select({ kind: mailPreferences.kind })
    .from(mailPreferences)
    .where(
      and(
        eq(mailPreferences.email, normaliseEmail(email)),
        eq(mailPreferences.kind, kind),
        isNotNull(mailPreferences.turnedOffAt),
      ),
    );
  return row !== undefined;
}

/**
 * Turns a kind of mail off or on for an address. Turning off what is already off keeps the time it
 * was first turned off and where (a mail receiver may POST the one-click link more than once).
 */
export async function setMailPreference(
  executor: Executor,
  change: { email: string; kind: UnsubscribableMailKind; enabled: boolean; via: MailPreferenceSource },
): Promise<void> {
  const email = normaliseEmail(change.email);
  const turnedOffAt = change.enabled ? null : sql`now()`;
  await executor
    .insert(mailPreferences)
    .values({ email, kind: change.kind, turnedOffAt, changedVia: change.via })
    .onConflictDoUpdate({
      target: [mailPreferences.email, mailPreferences.kind],
      set: { turnedOffAt, changedVia: change.via, updatedAt: sql`now()` },
      // Off stays off as it was; on is written whatever it was.
      ...(change.enabled ? {} : { setWhere: sql`${mailPreferences.turnedOffAt} is null` }),
    });
}

/** The kinds an address receives, each on or off (a kind never switched is on). */
export async function readMailPreferences(
  executor: Executor,
  email: string,
  kinds: readonly UnsubscribableMailKind[],
): Promise<MailPreference[]> {
  const rows =
    kinds.length === 0
      ? []
      : await executor
          .select({ kind: mailPreferences.kind, turnedOffAt: mailPreferences.turnedOffAt })
          .from(mailPreferences)
          .where(
            and(eq(mailPreferences.email, normaliseEmail(email)), inArray(mailPreferences.kind, [...kinds])),
          );
  return kinds.map((kind) => {
    const turnedOffAt = rows.find((row) => row.kind === kind)?.turnedOffAt ?? null;
    return { kind, enabled: turnedOffAt === null, turnedOffAt: turnedOffAt?.toISOString() ?? null };
  });
}
