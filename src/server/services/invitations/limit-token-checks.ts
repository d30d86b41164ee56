import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { tooManyRequests } from '../../errors';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';

/** Enough for a person opening and reloading links; far too few to guess a 256-bit token anyway. */
export const TOKEN_CHECKS_PER_MINUTE_PER_IP = 30;
export const TOO_MANY_TOKEN_CHECKS =
  'Too many link checks from your network. Please wait a minute and try again.';

/** One budget per IP for every invitation and returning-artist token route. */
export async function limitTokenChecks(executor: Executor, request: FastifyRequest): Promise<void> {
  const limit = await consumeRateLimit(
    executor,
    `link-tokens:ip:${request.ip}`,
    TOKEN_CHECKS_PER_MINUTE_PER_IP,
    60,
  );
  if (!limit.allowed) throw tooManyRequests(TOO_MANY_TOKEN_CHECKS, limit.retryAfterSeconds);
}
