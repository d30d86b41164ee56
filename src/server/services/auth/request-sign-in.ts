import { randomUUID } from 'node:crypto';
import {
  formatRateLimited,
  SIGN_IN_LINK_LIFETIME_MINUTES,
  SIGN_IN_RATE_WINDOW_MINUTES,
  SIGN_IN_REQUESTS_PER_EMAIL,
  SIGN_IN_REQUESTS_PER_IP,
  toSafeReturnPath,
} from '../../../domain';
import { escapeHtml } from '../../../domain/display/escape-html';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { signInTokens } from '../../db/schema';
import { tooManyRequests } from '../../errors';
import type { ComposedMail } from '../../providers/mail/mail';
import { queueMail } from '../mail/queue-mail';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';
import { createCode, createToken, hashCode, hashToken } from './tokens';

export interface SignInEmail {
  link: string;
  code: string;
}

export function composeSignInEmail(config: AppConfig, to: string, { link, code }: SignInEmail): ComposedMail {
  const label = config.label.name;
  const text = [
    `Sign in to ${label}`,
    '',
    `Open this link to sign in (it works once, for ${SIGN_IN_LINK_LIFETIME_MINUTES} minutes):`,
    link,
    '',
    `Or, to sign in on another device, enter this code there: ${code}`,
    '',
    `If you did not ask to sign in, ignore this e-mail: nothing happens without the link or the code.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a2e;line-height:1.5">
<h1 style="font-size:20px">Sign in to ${escapeHtml(label)}</h1>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#4b2bd6;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Sign in</a></p>
<p>The button works once, for ${SIGN_IN_LINK_LIFETIME_MINUTES} minutes.</p>
<p>To sign in on another device, enter this code there:</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>
<p style="color:#555">If you did not ask to sign in, ignore this e-mail: nothing happens without the link or the code.</p>
</body></html>`;
  return { kind: 'sign_in', to, subject: `Your sign-in link for ${label}`, text, html };
}

/**
 * Sends a sign-in e-mail (link + code) to any well-formed address, whether or not it has an
 * account yet, so the answer never tells who is registered. Limited per address and per IP.
 */
export async function requestSignIn(
  deps: { db: Database; config: AppConfig },
  input: { email: string; returnTo?: string | undefined; ip: string },
): Promise<void> {
  const windowSeconds = SIGN_IN_RATE_WINDOW_MINUTES * 60;
  const perIp = await consumeRateLimit(
    deps.db,
    `sign-in:ip:${input.ip}`,
    SIGN_IN_REQUESTS_PER_IP,
    windowSeconds,
  );
  if (!perIp.allowed)
    throw tooManyRequests(formatRateLimited('ip', perIp.retryAfterSeconds), perIp.retryAfterSeconds);
  const perEmail = await consumeRateLimit(
    deps.db,
    `sign-in:email:${input.email}`,
    SIGN_IN_REQUESTS_PER_EMAIL,
    windowSeconds,
  );
  if (!perEmail.allowed) {
    throw tooManyRequests(formatRateLimited('email', perEmail.retryAfterSeconds), perEmail.retryAfterSeconds);
  }

  const token = createToken();
  const code = createCode();
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + SIGN_IN_LINK_LIFETIME_MINUTES * 60_000);
  await deps.db.transaction(async (tx) => {
    await tx.insert(signInTokens).values({
      id,
      email: input.email,
      tokenHash: hashToken(token),
      codeHash: hashCode(id, code),
      returnTo: toSafeReturnPath(input.returnTo) ?? null,
      requestedIp: input.ip,
      expiresAt,
    });
    // The token travels in the fragment: it never reaches server logs or Referer headers.
    const link = `${deps.config.publicUrl}/login/verify#token=${token}`;
    // Mail is retried for a day through an outage, but a sign-in mail is useless once it expired.
    await queueMail(tx, composeSignInEmail(deps.config, input.email, { link, code }), {
      notAfter: expiresAt,
    });
  });
}
