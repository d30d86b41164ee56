/**
 * Client-side bot scoring (spec 001 §5). The server runs the same function on what it receives,
 * so a bot skipping the browser check gains nothing. Times are injected epoch milliseconds.
 */
export const BOT_CHECK_FAILED =
  'Submission validation failed. Please try again or contact support if this persists.';

export const HONEYPOT_FIELDS = ['website', 'email_confirm'] as const;
export type HoneypotField = (typeof HONEYPOT_FIELDS)[number];

export const BOT_START_SCORE = 60;
export const BOT_NO_TIMING_SCORE = 50;
export const BOT_MIN_SECONDS = 3;
export const BOT_HUMAN_MAX_SECONDS = 120;
export const BOT_MAX_SECONDS = 30 * 60;
export const BOT_STALE_SESSION_CLEANUP_MS = 5 * 60 * 1000;
/** Pass with no issues at all from 30, or with only non-honeypot issues from 50. */
export const BOT_PASS_SCORE = 30;
export const BOT_PASS_SCORE_WITH_ISSUES = 50;

export const BOT_WEIGHTS = {
  tooFast: -20,
  humanPace: 15,
  tooSlow: -10,
  honeypot: -60,
  artistName: 15,
  releaseTitle: 15,
  tracks: 20,
  artwork: 10,
  names: 10,
  email: 5,
  shortLowercaseArtistName: -5,
} as const;

export const ARTIST_NAME_MAX_LENGTH_FOR_BONUS = 100;

export type BotIssue = 'too-fast' | 'honeypot';

export interface BotCheckInput {
  /** When the form was first shown; null when no timing data was recorded. */
  startedAt: number | null;
  submittedAt: number;
  honeypot: Partial<Record<HoneypotField, string>>;
  artistName: string;
  releaseTitle: string;
  trackCount: number;
  hasArtwork: boolean;
  firstName: string;
  surname: string;
  email: string;
}

export interface BotVerdict {
  score: number;
  valid: boolean;
  issues: BotIssue[];
}

function filled(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

function scoreTiming(input: BotCheckInput, score: number, issues: BotIssue[]): number {
  if (input.startedAt === null) return BOT_NO_TIMING_SCORE;
  const seconds = (input.submittedAt - input.startedAt) / 1000;
  if (seconds < BOT_MIN_SECONDS) {
    issues.push('too-fast');
    return score + BOT_WEIGHTS.tooFast;
  }
  if (seconds <= BOT_HUMAN_MAX_SECONDS) return score + BOT_WEIGHTS.humanPace;
  if (seconds > BOT_MAX_SECONDS) return score + BOT_WEIGHTS.tooSlow;
  return score;
}

function scoreContent(input: BotCheckInput): number {
  const artistName = input.artistName.trim();
  let score = 0;
  if (artistName !== '' && artistName.length < ARTIST_NAME_MAX_LENGTH_FOR_BONUS)
    score += BOT_WEIGHTS.artistName;
  if (filled(input.releaseTitle)) score += BOT_WEIGHTS.releaseTitle;
  if (input.trackCount > 0) score += BOT_WEIGHTS.tracks;
  if (input.hasArtwork) score += BOT_WEIGHTS.artwork;
  if (filled(input.firstName) && filled(input.surname)) score += BOT_WEIGHTS.names;
  if (input.email.includes('@')) score += BOT_WEIGHTS.email;
  // Generated names are often a few random lower-case letters.
  if (/^[a-z]{1,3}$/.test(artistName)) score += BOT_WEIGHTS.shortLowercaseArtistName;
  return score;
}

/** Valid with a score of 30 or more and no issues, or 50 or more with no honeypot issue. */
export function decideBotVerdict(score: number, issues: readonly BotIssue[]): boolean {
  if (score >= BOT_PASS_SCORE && issues.length === 0) return true;
  return score >= BOT_PASS_SCORE_WITH_ISSUES && !issues.includes('honeypot');
}

export function scoreBotCheck(input: BotCheckInput): BotVerdict {
  const issues: BotIssue[] = [];
  let score = scoreTiming(input, BOT_START_SCORE, issues);
  if (HONEYPOT_FIELDS.some((field) => filled(input.honeypot[field]))) {
    issues.push('honeypot');
    score += BOT_WEIGHTS.honeypot;
  }
  score = Math.min(100, Math.max(0, score + scoreContent(input)));
  return { score, valid: decideBotVerdict(score, issues), issues };
}
