import {
  BOT_CHECK_FAILED,
  HONEYPOT_FIELDS,
  hasTrackAudio,
  type SubmissionVerification,
  scoreBotCheck,
} from '../../../domain';
import type { CreateBoardItemPayload } from '../../../domain/schemas/submission-payload';
import { badRequest } from '../../errors';
import type { TurnstileVerifier } from '../../providers/bot/turnstile';
import { readFormToken } from './form-token';

export interface BotCheckDeps {
  signingKey: Buffer;
  /** Set when Cloudflare Turnstile is configured. */
  turnstile: TurnstileVerifier | undefined;
}

/**
 * The server's re-check of the bot score (spec 001 §5): the same scoring as the browser, but the
 * timing comes from the form token the server issued, and any honeypot value is refused outright
 * (a person never sees those inputs). With Turnstile configured, its token must verify too.
 */
export async function checkBotVerdict(
  deps: BotCheckDeps,
  payload: Pick<CreateBoardItemPayload, 'formData' | 'verification'>,
  context: { now: number; ip: string },
): Promise<void> {
  const { formData, verification } = payload;
  const startedAt = readFormToken(deps.signingKey, verification.formToken, context.now);
  if (startedAt === null) throw badRequest(BOT_CHECK_FAILED);
  if (HONEYPOT_FIELDS.some((field) => (verification.honeypot[field] ?? '').trim() !== '')) {
    throw badRequest(BOT_CHECK_FAILED);
  }
  const verdict = scoreBotCheck({
    startedAt,
    submittedAt: context.now,
    honeypot: verification.honeypot,
    artistName: formData.artistName,
    releaseTitle: formData.releaseTitle,
    trackCount: formData.tracks.filter(hasTrackAudio).length,
    hasArtwork: Boolean(formData.artworkFileId),
    firstName: formData.firstName,
    surname: formData.surname,
    email: formData.email,
  });
  if (!verdict.valid) throw badRequest(BOT_CHECK_FAILED);
  if (deps.turnstile) {
    const passed = await deps.turnstile.verify(verification.turnstileToken ?? '', context.ip);
    if (!passed) throw badRequest(BOT_CHECK_FAILED);
  }
}

export type { SubmissionVerification };
