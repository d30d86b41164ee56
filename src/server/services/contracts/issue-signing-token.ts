import { SIGNING_LINK_LIFETIME_MINUTES } from '../../../domain';
import { createToken, hashToken } from '../auth/tokens';

/** A new signing link token: the token goes to the signer once, only its hash is kept. */
export function issueSigningToken(now: Date): { token: string; tokenHash: string; tokenExpiresAt: Date } {
  const token = createToken();
  return {
    token,
    tokenHash: hashToken(token),
    tokenExpiresAt: new Date(now.getTime() + SIGNING_LINK_LIFETIME_MINUTES * 60_000),
  };
}

export function signingPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/sign/${token}`;
}
