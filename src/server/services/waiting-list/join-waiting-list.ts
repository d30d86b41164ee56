import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  formatWaitingListRateLimited,
  normaliseEmail,
  normaliseWaitingListEntry,
  validateWaitingList,
  WAITING_LIST_DUPLICATE_WINDOW_HOURS,
  WAITING_LIST_RATE_WINDOW_MINUTES,
  WAITING_LIST_REQUESTS_PER_IP,
  type WaitingListPayload,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { waitingListEntries } from '../../db/schema';
import { badRequest, tooManyRequests } from '../../errors';
import { queueMail } from '../mail/queue-mail';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';
import { listStaffAddresses } from '../staff/list-staff-addresses';
import { composeWaitingListConfirmation, composeWaitingListStaffNotice } from './waiting-list-mail';

export interface JoinWaitingListResult {
  itemId: string;
  /** False when the entry was a retry of one made within the duplicate window. */
  created: boolean;
}

/**
 * Everyone who hears of a new entry: staff accounts and STAFF_EMAILS (made staff at start, but
 * named here too so a notice never depends on that having run), each address once.
 */
async function staffRecipients(executor: Executor, config: AppConfig): Promise<string[]> {
  const addresses = [...(await listStaffAddresses(executor)), ...config.staffEmails].map(normaliseEmail);
  return [...new Set(addresses)].filter(Boolean).sort();
}

/**
 * Puts an artist on the waiting list (spec 001 §2, §5, §7): the domain's rules decide what is
 * missing, the entry is stored, and the artist's confirmation and the staff notices are queued in
 * the same transaction. A second entry for the address within 24 hours is taken as a retry and
 * answered with the first one, so a lost answer or a double click neither duplicates the entry
 * nor mails anyone twice.
 */
export async function joinWaitingList(
  deps: { db: Database; config: AppConfig },
  input: { artistData: WaitingListPayload['artistData']; ip: string },
): Promise<JoinWaitingListResult> {
  const limit = await consumeRateLimit(
    deps.db,
    `waiting-list:ip:${input.ip}`,
    WAITING_LIST_REQUESTS_PER_IP,
    WAITING_LIST_RATE_WINDOW_MINUTES * 60,
  );
  if (!limit.allowed) {
    throw tooManyRequests(formatWaitingListRateLimited(limit.retryAfterSeconds), limit.retryAfterSeconds);
  }

  const entry = normaliseWaitingListEntry(input.artistData);
  const validation = validateWaitingList(entry);
  if (validation.errors.length > 0) {
    const messages = [...new Set(validation.errors.map((error) => error.message))];
    throw badRequest(validation.stepMessage ?? messages[0] ?? 'Invalid request', messages.join('; '));
  }

  return deps.db.transaction(async (tx) => {
    // Two requests for one address at once (a double click) take turns here, so the second one
    // sees the first entry. The lock is released with the transaction.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waiting-list:${entry.email}`}))`);
    const [existing] = await tx
      .select({ id: waitingListEntries.id })
      .from(waitingListEntries)
      .where(
        and(
          eq(waitingListEntries.email, entry.email),
          gt(
            waitingListEntries.createdAt,
            sql`now() - ${WAITING_LIST_DUPLICATE_WINDOW_HOURS} * interval '1 hour'`,
          ),
        ),
      )
      .orderBy(desc(waitingListEntries.createdAt))
      .limit(1);
    if (existing) return { itemId: existing.id, created: false };

    const [row] = await tx
      .insert(waitingListEntries)
      .values({
        firstName: entry.firstName,
        surname: entry.surname,
        artistName: entry.artistName,
        email: entry.email,
        phone: entry.phone ?? null,
        country: entry.country,
        city: entry.city,
        instagramProfile: entry.instagramProfile ?? null,
        tiktokProfile: entry.tiktokProfile ?? null,
        spotifyProfile: entry.spotifyProfile ?? null,
        listenLink: entry.listenLink,
        projectDescription: entry.projectDescription ?? null,
      })
      .returning({ id: waitingListEntries.id });
    if (!row) throw new Error('joinWaitingList: insert returned no row');

    await queueMail(tx, composeWaitingListConfirmation(deps.config, entry));
    for (const to of await staffRecipients(tx, deps.config)) {
      await queueMail(tx, composeWaitingListStaffNotice(to, entry, row.id));
    }
    return { itemId: row.id, created: true };
  });
}
