import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists, outboxMessages, sessions, signInTokens, users } from '../../db/schema';
import { addStaff } from '../../services/staff/manage-staff';
import { requestSignInMail, signIn, signInStaff } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-context';

let ctx: TestContext;
let origin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  origin = ctx.config.publicUrl;
});
afterAll(async () => ctx.close());

/** The user `GET /api/me` sees for these headers, or null for a visitor. */
const whoAmI = async (headers: Record<string, string>) => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/me', headers });
  expect(response.statusCode).toBe(200);
  return response.json().user as { userId: string } | null;
};

describe('requesting a sign-in e-mail', () => {
  it('answers the same whether or not the address has an account', async () => {
    await addStaff(ctx.database.db, 'known@label.example');
    const answers = [];
    for (const email of ['known@label.example', 'nobody-yet@example.com']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { origin },
        payload: { email },
      });
      answers.push({ status: response.statusCode, body: response.json().message.replace(email, 'EMAIL') });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({
      status: 200,
      body: 'We have sent a sign-in link and a 6-digit code to EMAIL. They work for 15 minutes.',
    });
  });

  it('refuses a malformed address with the spec message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin },
      payload: { email: 'not-an-address' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'Please enter a valid email address' });
  });

  it('mails a link and a code, and stores only their hashes', async () => {
    const mail = await requestSignInMail(ctx.app, ctx.database.db, 'Mail.Check@Example.com');
    expect(mail.link).toBe(`${origin}/login/verify#token=${mail.token}`);
    expect(mail.code).toMatch(/^\d{6}$/);
    const rows = await ctx.database.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.email, 'mail.check@example.com'));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(mail.token);
    expect(JSON.stringify(rows)).not.toContain(`"${mail.code}"`);
    const [message] = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, 'mail.check@example.com'));
    expect(message?.subject).toBe('Your sign-in link for Imprint');
  });
});

describe('the sign-in link', () => {
  it('signs a new artist in, creates the account and links earlier records of that address', async () => {
    // A submission made before any account left an artist record with this address.
    await ctx.database.db
      .insert(artists)
      .values({ email: 'first.timer@example.com', artistName: 'First Timer' });
    const mail = await requestSignInMail(ctx.app, ctx.database.db, 'first.timer@example.com', {
      returnTo: '/submission/abc',
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-link',
      headers: { origin },
      payload: { token: mail.token },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      redirectTo: '/submission/abc',
      user: { email: 'first.timer@example.com', role: 'artist', artistName: 'First Timer' },
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = response.cookies[0];
    expect(cookie).toMatchObject({ name: 'imprint_session', httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy(); // plain http on localhost; see the https test below

    const [artist] = await ctx.database.db
      .select()
      .from(artists)
      .where(eq(artists.email, 'first.timer@example.com'));
    expect(artist?.userId).toBe(body.user.userId);
    expect(await whoAmI({ cookie: `${cookie?.name}=${cookie?.value}` })).toMatchObject({
      userId: body.user.userId,
    });
  });

  it('works once', async () => {
    const mail = await requestSignInMail(ctx.app, ctx.database.db, 'once@example.com');
    const verify = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/verify-link',
        headers: { origin },
        payload: { token: mail.token },
      });
    expect((await verify()).statusCode).toBe(200);
    const again = await verify();
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(
      'This sign-in link has expired or has already been used. Request a new one.',
    );
  });

  it('expires after 15 minutes', async () => {
    const mail = await requestSignInMail(ctx.app, ctx.database.db, 'late@example.com');
    await ctx.database.db
      .update(signInTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signInTokens.email, 'late@example.com'));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-link',
      headers: { origin },
      payload: { token: mail.token },
    });
    expect(response.statusCode).toBe(400);
    const code = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-code',
      headers: { origin },
      payload: { email: 'late@example.com', code: mail.code },
    });
    expect(code.statusCode).toBe(400);
    expect(code.json().error).toBe('This code has expired or has already been used. Request a new one.');
  });

  it('sends staff to their home and ignores a return path to another site', async () => {
    await addStaff(ctx.database.db, 'reviewer@label.example', 'Rae Viewer');
    const mail = await requestSignInMail(ctx.app, ctx.database.db, 'reviewer@label.example', {
      returnTo: '//evil.example/x',
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-link',
      headers: { origin },
      payload: { token: mail.token },
    });
    expect(response.json()).toMatchObject({
      redirectTo: '/analytics',
      user: { role: 'staff', name: 'Rae Viewer' },
    });
  });
});

describe('the 6-digit code', () => {
  const verifyCode = (email: string, code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-code',
      headers: { origin },
      payload: { email, code },
    });

  it('signs in on another device', async () => {
    const mail = await requestSignInMail(ctx.app, ctx.database.db, 'code.user@example.com');
    const response = await verifyCode('CODE.user@example.com ', mail.code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { email: 'code.user@example.com' },
      redirectTo: '/dashboard',
    });
  });

  it('counts wrong codes down and voids the sign-in after five', async () => {
    const mail = await requestSignInMail(ctx.app, ctx.database.db, 'guesser@example.com');
    const wrong = mail.code === '000000' ? '111111' : '000000';
    const messages = [];
    for (let i = 0; i < 5; i++) messages.push((await verifyCode('guesser@example.com', wrong)).json().error);
    expect(messages).toEqual([
      'That code is not right. 4 attempts left.',
      'That code is not right. 3 attempts left.',
      'That code is not right. 2 attempts left.',
      'That code is not right. 1 attempt left.',
      'Too many wrong codes. Request a new sign-in e-mail.',
    ]);
    // Even the right code is refused now, and so is the link.
    expect((await verifyCode('guesser@example.com', mail.code)).statusCode).toBe(400);
    const link = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-link',
      headers: { origin },
      payload: { token: mail.token },
    });
    expect(link.statusCode).toBe(400);
  });

  it('asks for six digits', async () => {
    const response = await verifyCode('guesser@example.com', '12ab');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Enter the 6-digit code from the e-mail');
  });
});

describe('sessions', () => {
  it('rotate at sign-in: the old session of the browser stops working', async () => {
    const first = await signIn(ctx.app, ctx.database.db, 'rotate@example.com');
    const mail = await requestSignInMail(ctx.app, ctx.database.db, 'rotate@example.com');
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-link',
      headers: first.headers,
      payload: { token: mail.token },
    });
    const newCookie = second.cookies[0];
    expect(newCookie?.value).toBeTruthy();
    expect(`imprint_session=${newCookie?.value}`).not.toBe(first.cookie);
    expect(await whoAmI({ cookie: first.cookie })).toBeNull();
    expect(await whoAmI({ cookie: `imprint_session=${newCookie?.value}` })).not.toBeNull();
  });

  it('end at sign-out on the server, so a copied cookie or token is useless afterwards', async () => {
    const session = await signIn(ctx.app, ctx.database.db, 'leaving@example.com');
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: session.headers });
    expect(out.statusCode).toBe(200);
    expect(out.cookies[0]).toMatchObject({ name: 'imprint_session', value: '' });
    expect(await whoAmI({ cookie: session.cookie })).toBeNull();
    expect(await whoAmI({ authorization: `Bearer ${session.bearer}` })).toBeNull();
  });

  it('accept the bearer token of the session, as the spec client sends it', async () => {
    const session = await signIn(ctx.app, ctx.database.db, 'bearer@example.com');
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${session.bearer}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ success: true, profile: {} });
    expect(await whoAmI({ authorization: 'Bearer not-a-real-token' })).toBeNull();
  });

  it('expire after 7 idle days and after 30 days in all', async () => {
    const idle = await signIn(ctx.app, ctx.database.db, 'idle@example.com');
    await ctx.database.db
      .update(sessions)
      .set({ idleExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, idle.userId));
    expect(await whoAmI({ cookie: idle.cookie })).toBeNull();

    const old = await signIn(ctx.app, ctx.database.db, 'old@example.com');
    await ctx.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, old.userId));
    expect(await whoAmI({ cookie: old.cookie })).toBeNull();
  });

  it('move the idle expiry forward while used, never past the absolute expiry', async () => {
    const active = await signIn(ctx.app, ctx.database.db, 'active@example.com');
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '6 days'`, idleExpiresAt: sql`now() + interval '1 day'` })
      .where(eq(sessions.userId, active.userId));
    expect(await whoAmI({ cookie: active.cookie })).not.toBeNull();
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, active.userId));
    const days = ((row?.idleExpiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(row?.idleExpiresAt.getTime()).toBeLessThanOrEqual(row?.absoluteExpiresAt.getTime() ?? 0);
  });
});

describe('cross-site requests', () => {
  it('are refused when a cookie-carrying POST comes from another origin or from nowhere', async () => {
    const session = await signIn(ctx.app, ctx.database.db, 'csrf@example.com');
    const evil = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: session.cookie, origin: 'https://evil.example' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error).toBe('Cross-site request refused.');
    const bare = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: session.cookie },
    });
    expect(bare.statusCode).toBe(403);
    expect(await whoAmI({ cookie: session.cookie })).not.toBeNull();

    const viaReferer = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: session.cookie, referer: `${origin}/dashboard` },
    });
    expect(viaReferer.statusCode).toBe(200);
  });

  it('are allowed from the same host, whatever name the browser used for it', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'http://127.0.0.1:7777', host: '127.0.0.1:7777' },
      payload: { email: 'samehost@example.com' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('staff-only routes', () => {
  const setMode = (headers: Record<string, string>, submissionsEnabled: boolean) =>
    ctx.app.inject({ method: 'POST', url: '/api/config/set', headers, payload: { submissionsEnabled } });

  it('refuse anonymous visitors with 401 and artists with 403', async () => {
    const anonymous = await setMode({ origin }, false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, error: 'Not authenticated' });
    const artist = await signIn(ctx.app, ctx.database.db, 'artist.only@example.com');
    const refused = await setMode(artist.headers, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: 'Only label staff can do this.' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
      submissionsEnabled: true,
    });
  });

  it('let staff switch the submission mode', async () => {
    const staff = await signInStaff(ctx.app, ctx.database.db, 'mode.switcher@label.example');
    const response = await setMode(staff.headers, false);
    expect(response.json()).toEqual({ success: true, submissionsEnabled: false, reopensOn: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
      submissionsEnabled: false,
    });
    await setMode(staff.headers, true);
  });
});

describe('rate limits', () => {
  it('limit sign-in e-mails per address with a clear message', async () => {
    const ask = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { origin },
        payload: { email: 'eager@example.com' },
      });
    for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('Too many sign-in requests for this address. Try again in 15 minutes.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('limit sign-in e-mails per IP address', async () => {
    let last = 200;
    for (let i = 0; i < 31 && last === 200; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { origin },
        remoteAddress: '203.0.113.9',
        payload: { email: `visitor${i}@example.com` },
      });
      last = response.statusCode;
      if (last === 429)
        expect(response.json().error).toMatch(/^Too many sign-in requests from your network\. Try again in/);
    }
    expect(last).toBe(429);
  });

  it('limit code guesses per IP address, across addresses, with Retry-After', async () => {
    // One client guessing the codes of many addresses: each address allows 5 wrong codes, the
    // network only 20 tries in 15 minutes, whoever they are for.
    const guess = (email: string, code: string, remoteAddress = '203.0.113.50') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/verify-code',
        headers: { origin },
        remoteAddress,
        payload: { email, code },
      });
    const victims = [];
    for (let i = 0; i < 5; i++) {
      // Asked for from the victims' own networks.
      const mail = await requestSignInMail(ctx.app, ctx.database.db, `target${i}@example.com`, {
        remoteAddress: `192.0.2.${i}`,
      });
      victims.push(mail);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const victim = victims[i % victims.length];
      const wrong = victim?.code === '000000' ? '111111' : '000000';
      statuses.push((await guess(`target${i % victims.length}@example.com`, wrong)).statusCode);
    }
    expect(statuses.every((status) => status === 400)).toBe(true);
    // The 21st try is refused before the code is even looked at: even the right one.
    const limited = await guess('target0@example.com', victims[0]?.code ?? '');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      success: false,
      error: 'Too many sign-in codes tried from your network. Try again in 15 minutes.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
    // Another network is not affected; the address's own sign-in still works there.
    const other = await guess('target0@example.com', victims[0]?.code ?? '', '198.51.100.7');
    expect(other.statusCode).toBe(200);
  });
});

describe('client addresses', () => {
  it('ignore a forged X-Forwarded-For unless TRUST_PROXY is set, so it cannot escape the per-IP limit', async () => {
    let last = 200;
    for (let i = 0; i < 31 && last === 200; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { origin, 'x-forwarded-for': `198.51.100.${i}` },
        remoteAddress: '203.0.113.77',
        payload: { email: `forger${i}@example.com` },
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('over https', () => {
  it('uses a __Host- cookie marked Secure', async () => {
    const secure = await createTestContext({
      database: ctx.database,
      env: { PUBLIC_URL: 'https://portal.label.example' },
    });
    try {
      const mail = await requestSignInMail(secure.app, ctx.database.db, 'secure@example.com', {
        origin: 'https://portal.label.example',
      });
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/verify-link',
        headers: { origin: 'https://portal.label.example' },
        payload: { token: mail.token },
      });
      expect(response.cookies[0]).toMatchObject({
        name: '__Host-imprint_session',
        secure: true,
        httpOnly: true,
        path: '/',
      });
    } finally {
      await secure.close();
    }
  });
});

describe('accounts', () => {
  it('are created once per address, however it is written', async () => {
    await signIn(ctx.app, ctx.database.db, 'Same.Person@Example.com');
    await signIn(ctx.app, ctx.database.db, 'same.person@example.com');
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, 'same.person@example.com'));
    expect(rows).toHaveLength(1);
  });
});
