import type { FastifyRequest } from 'fastify';
import type { SignatureActor } from '../../services/contracts/record-signature-event';

/** Who did something to a signature request, for its audit log: the user, their address and browser. */
export function signatureActorOf(request: FastifyRequest): SignatureActor {
  const userAgent = request.headers['user-agent'];
  return {
    userId: request.auth?.user.userId ?? null,
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
  };
}
