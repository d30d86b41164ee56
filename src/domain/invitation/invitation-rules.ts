/**
 * Invitation and returning-link tokens are 256 random bits written base64url (43 characters):
 * anything else cannot be one, and is refused before the database is asked.
 */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function isWellFormedToken(token: string): boolean {
  return TOKEN_FORMAT.test(token);
}

/** Invitation statuses of the staff console: valid, expired (30 days by default), used, revoked. */
export const INVITATION_STATUSES = ['valid', 'expired', 'used', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export interface InvitationDates {
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

/** Used wins over revoked and expired: a submission came of it, whatever happened after. */
export function getInvitationStatus(invitation: InvitationDates, now: Date): InvitationStatus {
  if (invitation.usedAt) return 'used';
  if (invitation.revokedAt) return 'revoked';
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/** The invitation's lifetime in days, from INVITATION_LIFETIME_DAYS (30 by default). */
export function getInvitationExpiry(issuedAt: Date, lifetimeDays: number): Date {
  return new Date(issuedAt.getTime() + lifetimeDays * 86_400_000);
}
