import { randomBytes } from 'node:crypto';

/** A new upload session id, as the spec's client makes them: time plus random text. */
export function newSessionId(): string {
  return `upload-${Date.now().toString(36)}-${randomBytes(12).toString('base64url')}`;
}
