import { and, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import {
  authMessages,
  formatCodeTriesLimited,
  formatWrongCode,
  getHomePath,
  type SessionUser,
  SIGN_IN_CODE_MAX_ATTEMPTS,
  SIGN_IN_CODE_TRIES_PER_IP,
  SIGN_IN_RATE_WINDOW_MINUTES,
} from '../../../domain';
import type { Database, Transaction } from '../../db/client';
import { artists, signInTokens, users } from '../../db/schema';
import { badRequest, tooManyRequests } from '../../errors';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';
import { announceSessionChange } from './session-cache';
import { createSession, destroySession, type NewSession, resolveSession } from './sessions';
import { hashCode, hashesEqual, hashToken } from './tokens';

type SignInRow = typeof signInTokens.$inferSelect;

export interface SignInOutcome {
  session: NewSession;
  user: SessionUser;
  redirectTo: string;
}

interface RequestMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/**
 * The user for a proven address. The first sign-in of a new address creates an artist account
 * and links the artist record that earlier submissions with that address made.
 */
async function findOrCreateUser(tx: Transaction, email: string): Promise<string> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  const userId =
    existing?.id ??
    (await tx.insert(users).values({ email, role: 'artist' }).returning({ id: users.id }))[0]?.id;
  if (!userId) throw new Error('findOrCreateUser: no user');
  await tx.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, userId));
  const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (user?.role === 'artist') {
    await tx
      .insert(artists)
      .values({ email, userId })
      .onConflictDoUpdate({ target: artists.email, set: { userId }, setWhere: isNull(artists.userId) });
    // The account's other sessions carry its artist record, which this may just have linked.
    await announceSessionChange(tx, { userId });
  }
  return userId;
}

/** Marks the sign-in used (only if it still is unused: two clicks race, one wins) and opens a session. */
async function completeSignIn(db: Database, row: SignInRow, meta: RequestMeta, previousSessionId?: string) {
  const outcome = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(signInTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(signInTokens.id, row.id), isNull(signInTokens.usedAt)))
      .returning({ id: signInTokens.id });
    if (!claimed) return undefined;
    const userId = await findOrCreateUser(tx, row.email);
    // Session rotation: whatever session this browser had is replaced, never upgraded in place.
    if (previousSessionId) {
      await destroySession(tx, previousSessionId);
    }
    return createSession(tx, { userId, ip: meta.ip, userAgent: meta.userAgent });
  });
  if (!outcome) throw badRequest(authMessages.linkInvalid);
  const resolved = await resolveSession(db, { kind: 'cookie', value: outcome.cookieToken });
  if (!resolved) throw new Error('completeSignIn: new session not found');
  return {
    session: outcome,
    user: resolved.user,
    redirectTo: row.returnTo ?? getHomePath(resolved.user.role),
  } satisfies SignInOutcome;
}

/** Sign-ins matching `condition` that are unused and unexpired. */
function live(condition: SQL) {
  return and(condition, isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, sql`now()`));
}

/** Signs in with the link from the e-mail: single use, within 15 minutes. */
export async function verifySignInLink(
  db: Database,
  token: string,
  meta: RequestMeta & { previousSessionId?: string | undefined },
): Promise<SignInOutcome> {
  const [row] = await db
    .select()
    .from(signInTokens)
    .where(live(eq(signInTokens.tokenHash, hashToken(token))));
  if (!row) throw badRequest(authMessages.linkInvalid);
  return completeSignIn(db, row, meta, meta.previousSessionId);
}

/**
 * Signs in with the 6-digit code, for another device than the one that got the e-mail. Only the
 * newest live sign-in of the address counts; five wrong codes void it. Each try counts against the
 * client's IP address first (SIGN_IN_CODE_TRIES_PER_IP), so guessing across addresses is limited too.
 */
export async function verifySignInCode(
  db: Database,
  input: { email: string; code: string },
  meta: RequestMeta & { ip: string; previousSessionId?: string | undefined },
): Promise<SignInOutcome> {
  const perIp = await consumeRateLimit(
    db,
    `sign-in-code:ip:${meta.ip}`,
    SIGN_IN_CODE_TRIES_PER_IP,
    SIGN_IN_RATE_WINDOW_MINUTES * 60,
  );
  if (!perIp.allowed) {
    throw tooManyRequests(formatCodeTriesLimited(perIp.retryAfterSeconds), perIp.retryAfterSeconds);
  }
  const [row] = await db
    .select()
    .from(signInTokens)
    .where(live(eq(signInTokens.email, input.email)))
    .orderBy(desc(signInTokens.createdAt))
    .limit(1);
  if (!row) throw badRequest(authMessages.codeInvalid);
  if (!hashesEqual(row.codeHash, hashCode(row.id, input.code))) {
    const [counted] = await db
      .update(signInTokens)
      .set({
        codeAttempts: sql`${signInTokens.codeAttempts} + 1`,
        usedAt: sql`case when ${signInTokens.codeAttempts} + 1 >= ${SIGN_IN_CODE_MAX_ATTEMPTS} then now() else null end`,
      })
      .where(and(eq(signInTokens.id, row.id), isNull(signInTokens.usedAt)))
      .returning({ attempts: signInTokens.codeAttempts });
    const attemptsLeft = SIGN_IN_CODE_MAX_ATTEMPTS - (counted?.attempts ?? SIGN_IN_CODE_MAX_ATTEMPTS);
    throw badRequest(attemptsLeft > 0 ? formatWrongCode(attemptsLeft) : authMessages.codeLocked);
  }
  return completeSignIn(db, row, meta, meta.previousSessionId);
}
