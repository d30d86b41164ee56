import type { FastifyInstance } from 'fastify';
import type { SignedIn } from './sign-in';

function call(app: FastifyInstance, as: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { origin: app.config.publicUrl, cookie: as.cookie },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function expectOk<R extends { statusCode: number; body: string }>(
  response: R,
  what: string,
): Promise<R> {
  if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response;
}

/** Opens a release schedule's signing page as its artist: the token from the sign URL, and the document. */
export async function openScheduleSigning(app: FastifyInstance, as: SignedIn, scheduleId: string) {
  const link = await expectOk(
    await call(app, as, 'POST', `/api/release-schedules/${scheduleId}/sign-url`),
    'sign-url',
  );
  const token = (link.json().signUrl as string).split('/sign/')[1] as string;
  const document = await expectOk(await call(app, as, 'GET', `/api/signing/${token}`), 'signing page');
  return {
    token,
    document: document.json().document as { documentSha256: string; [key: string]: unknown },
  };
}

/** Signs a release schedule as its artist on the built-in signing page (consent, typed name). */
export async function signSchedule(app: FastifyInstance, as: SignedIn, scheduleId: string) {
  const { token, document } = await openScheduleSigning(app, as, scheduleId);
  await expectOk(await call(app, as, 'POST', `/api/signing/${token}/consent`, { consent: true }), 'consent');
  await expectOk(
    await call(app, as, 'POST', `/api/signing/${token}/sign`, {
      method: 'typed',
      typedName: 'Maya Rivers',
      documentSha256: document.documentSha256,
    }),
    'sign',
  );
  return document;
}
