import { ApiError } from '../api/client';

/** The sign-in page, told where to come back to (a path with its query). */
export function signInPath(returnTo: string): string {
  return `/login?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Whether a failed read failed because the session is gone (401), so sign-in is the way on. */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
