import '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authMessages, type SessionUser } from '../../domain';
import type { AppConfig } from '../config';
import { forbidden, notFound, unauthorized } from '../errors';
import { DROPBOX_SIGN_CALLBACK_PATH } from '../providers/signing/dropbox-sign';
import { presentSessionUser } from '../services/artists/artist-picture';
import type { ResolvedSession } from '../services/auth/resolved-session';
import { type NewSession, resolveSessionCached } from '../services/auth/sessions';
import { bindLinks, type LinkSigner } from '../services/files/signed-urls';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request, from the session cookie or a bearer token. */
    auth: (ResolvedSession & { via: 'cookie' | 'bearer' }) | null;
    /**
     * The signer of file links for the page that made this request: `app.pageLinks`
     * bound to the request's session, or, for a visitor, unbound links of at most 15 minutes.
     */
    readonly pageLinks: LinkSigner;
  }
}

export function sessionCookieName(config: AppConfig): string {
  // __Host- binds the cookie to this exact origin (Secure, Path=/, no Domain); it needs https.
  return config.httpsOnly ? '__Host-imprint_session' : 'imprint_session';
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, session: NewSession): void {
  reply.setCookie(sessionCookieName(config), session.cookieToken, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.httpsOnly,
    expires: session.absoluteExpiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.httpsOnly,
  });
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Resolves the session of every API request, and refuses state-changing requests that a browser
 * sent from another site (the Origin check that makes SameSite=Lax cookies safe for POSTs).
 */
export function registerAuthentication(app: FastifyInstance): void {
  const config = app.config;
  const signer = app.pageLinks; // the user's picture, shown by the page; request.pageLinks
  const cookieName = sessionCookieName(config);
  const trustedOrigins = new Set([new URL(config.publicUrl).origin]);
  // npm run dev: pages come from Vite on :5173 and reach the API through its proxy.
  if (config.devMode) trustedOrigins.add('http://localhost:5173');

  app.decorateRequest('auth', null);
  app.decorateRequest('pageLinks', {
    getter(this: FastifyRequest) {
      return bindLinks(signer, this.auth?.sessionId);
    },
  });
  app.addHook('onRequest', async (request) => {
    // Sessions matter to the API and to files (the image mapping, and links bound to a session);
    // pages need none.
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/files/')) return;
    // Dropbox Sign's callback is server to server and authenticated by its event HMAC alone
    // (routes/api/contracts/dropbox-sign.ts): a session means nothing there, and its Origin is not ours to judge.
    if (request.method === 'POST' && request.url.split('?')[0] === DROPBOX_SIGN_CALLBACK_PATH) return;
    const cookie = request.cookies[cookieName];
    if (unsafeMethods.has(request.method)) {
      const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
      const sameHost = origin !== undefined && new URL(origin).host === request.host;
      const trusted = origin !== undefined && (sameHost || trustedOrigins.has(origin));
      // A request without Origin or Referer is not from a browser page, unless it carries our cookie.
      if ((origin !== undefined && !trusted) || (origin === undefined && cookie)) {
        throw forbidden(authMessages.crossSite);
      }
    }
    const authorization = request.headers.authorization;
    const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const token = bearer
      ? ({ kind: 'bearer', value: bearer } as const)
      : cookie
        ? ({ kind: 'cookie', value: cookie } as const)
        : undefined;
    if (!token) return;
    request.auth = await resolveRequestAuth(app, token);
  });
}

/**
 * The session a cookie or bearer token stands for, as `request.auth` holds it (null when unknown
 * or ended). The API's hook above resolves every API request with it; routes/web.ts resolves a
 * signed-in page's request (the page rendered on the server) with it too.
 */
export async function resolveRequestAuth(
  app: FastifyInstance,
  token: { kind: 'cookie' | 'bearer'; value: string },
): Promise<FastifyRequest['auth']> {
  const resolved = await resolveSessionCached(app.db, token);
  if (!resolved) return null;
  // The picture is stored as an upload id; every answer that shows the user needs a signed link,
  // bound to this session.
  return {
    ...resolved,
    user: presentSessionUser(bindLinks(app.pageLinks, resolved.sessionId), resolved.user),
    via: token.kind,
  };
}

/** The signed-in user, or 401 'Not authenticated'. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw unauthorized(authMessages.notAuthenticated);
  return request.auth.user;
}

/** A signed-in staff member: 401 for anonymous visitors, 403 for artists. */
export function requireStaff(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'staff') throw forbidden(authMessages.staffOnly);
  return user;
}

/**
 * onRequest hook of staff routes: 401/403 before validation, so a visitor or an artist learns
 * nothing about their inputs. Artists' details and signed file links: for this reader only, never
 * kept by a cache.
 */
export async function staffOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
  requireStaff(request);
}

/**
 * onRequest hook of staff routes about records whose very existence is staff's business (a
 * release's delivery, an audit trail): a visitor or an artist, even the record's own, gets the same
 * 404 as for an unknown id. Never kept by a cache.
 */
export function staffOrNotFound(message: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('cache-control', 'no-store');
    if (request.auth?.user.role !== 'staff') throw notFound(message);
  };
}
