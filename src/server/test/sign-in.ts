import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema';
import { addStaff } from '../services/staff/manage-staff';

export interface SignInMail {
  token: string;
  code: string;
  link: string;
}

/** Asks for a sign-in e-mail, runs the mail job, and reads the link token and code from the outbox. */
export async function requestSignInMail(
  app: FastifyInstance,
  db: Database,
  email: string,
  options: { returnTo?: string; origin?: string; remoteAddress?: string } = {},
): Promise<SignInMail> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin: options.origin ?? app.config.publicUrl },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: { email, ...(options.returnTo ? { returnTo: options.returnTo } : {}) },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in request failed: ${response.statusCode} ${response.body}`);
  // Callers may sign in side by side: another call's job run can have claimed this mail and still
  // be sending it when this one finds no job left, so the outbox is read until the mail is there.
  for (let attempt = 0; ; attempt++) {
    while (await app.jobs.runOnce()) {}
    // The newest sign-in mail: other mail to the same address may have been sent by the same jobs.
    const recent = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, email.trim().toLowerCase()))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(10);
    const message = recent.find((mail) => /\/login\/verify#token=/.test(mail.text));
    const link = message?.text.match(/https?:\/\/\S+\/login\/verify#token=(\S+)/);
    const code = message?.text.match(/enter this code there: (\d{6})/);
    if (link?.[1] && code?.[1]) return { token: link[1], code: code[1], link: link[0] };
    if (attempt === 100) throw new Error(`no sign-in mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface SignedIn {
  cookie: string;
  bearer: string;
  userId: string;
  /** Headers for a state-changing request from the app's own pages. */
  headers: { cookie: string; origin: string };
}

/** Signs in through the real link flow and returns the session cookie and bearer token. */
export async function signIn(app: FastifyInstance, db: Database, email: string): Promise<SignedIn> {
  const mail = await requestSignInMail(app, db, email);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-link',
    headers: { origin: app.config.publicUrl },
    payload: { token: mail.token },
  });
  if (response.statusCode !== 200)
    throw new Error(`verify-link failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies[0];
  if (!cookie) throw new Error('no session cookie');
  const body = response.json() as { token: string; user: { userId: string } };
  const header = `${cookie.name}=${cookie.value}`;
  return {
    cookie: header,
    bearer: body.token,
    userId: body.user.userId,
    headers: { cookie: header, origin: app.config.publicUrl },
  };
}

/** Makes `email` a staff member (named `name`, when given) and signs them in. */
export async function signInStaff(
  app: FastifyInstance,
  db: Database,
  email: string,
  name?: string,
): Promise<SignedIn> {
  await addStaff(db, email, name);
  return signIn(app, db, email);
}
