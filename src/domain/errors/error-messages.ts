/**
 * The spec's error catalogue (000 §8, 001 §8) for messages that belong to no validation rule:
 * the server and the web app use these constants so the words match everywhere.
 * Rule messages live next to their rules (artist/, music/, transfer/, ...).
 */

// Signed-in area (spec 000 §8).
export const FAILED_TO_LOAD_SUBMISSION = 'Failed to load submission details';
export const NOT_AUTHENTICATED = 'Not authenticated';
export const FAILED_TO_LOAD_DASHBOARD = 'Failed to load dashboard data';

// Contract signing (spec 000 §2, §8).
export const CONTRACT_MESSAGES = {
  couldNotCreate: 'Could not create signature request. Please try again.',
  identicalInProgress: 'A signature request is already being created. Please wait a moment and try again.',
  conflict: 'This request is already in progress. Please refresh the page if you need to start over.',
  initFailed: 'Error initializing contract',
  popupBlocked: 'Popup blocked. Please allow popups for this site and try again.',
  noSignUrl: 'No signature URL available. Please try again.',
  statusCheckFailed: `Error checking contract status. You may need to click "I've Signed" if you completed signing.`,
  failedToCreate: 'Failed to create signature request',
  failedToCheck: 'Failed to check signature status',
  creatingLabel: 'Creating Contract...',
  reviewAndSignLabel: 'Review and Sign Agreement',
  signedLabel: 'Agreement Signed',
  dialogTitle: 'Sign Your Artist Agreement',
} as const;

// Invitations (spec 000 §5, 001 §2, §8).
export const INVITATION_MESSAGES = {
  invalidLink: 'This invitation link is invalid, expired, or has already been used.',
  noToken: 'No invitation token provided',
  validateFailed: 'Failed to validate invitation token',
  invalidToken: 'Invalid invitation token',
  invalidArtistId: 'Invalid artist ID',
  invalidCode: 'Invalid invitation code',
  verifyCode: 'Please verify your invitation code',
  validatingTitle: 'Validating Your Invitation',
  invalidTitle: 'Invalid Invitation',
} as const;

export const RETURNING_ARTIST_MESSAGES = {
  noToken: 'No returning artist token provided',
  invalidToken: 'Invalid returning artist token',
  validateFailed: 'Failed to validate returning artist token',
  invalidTitle: 'Invalid Returning Artist Link',
} as const;

export const ADMIN_INVITE_ERRORS = {
  createFailed: 'Failed to create artist invitation',
  network: 'Network error - please try again',
} as const;

// Analytics (spec 001 §8).
export const ANALYTICS_MESSAGES = {
  fetchFailed: 'Failed to fetch dashboard data',
  unknownError: 'Unknown error',
  noData: 'No dashboard data available.',
  noRecentErrors: 'No recent errors.',
} as const;

// Waiting list (spec 001 §8).
export const WAITING_LIST_MESSAGES = {
  serverErrorPrefix: 'Server error:',
  network: 'Network error: Please check your internet connection and try again.',
  generic: 'Sorry, there was an error joining the waiting list. Please try again.',
  failed: 'Failed to join waiting list',
} as const;

export function formatWaitingListServerError(status: number, body: string): string {
  return `${WAITING_LIST_MESSAGES.serverErrorPrefix} ${status} ${body}`.trim();
}

// Streaming-service search (spec 001 §8).
export const SEARCH_MESSAGES = {
  emptyQuery: 'Search query cannot be empty',
  failed: 'Search failed',
  searchError: 'Error searching for artists or music',
  emptyAlbumId: 'Album ID cannot be empty',
  emptyTrackId: 'Track ID cannot be empty',
  metadataError: 'Error getting album or track metadata',
  verifyError: 'Error verifying artist URL',
  connectionFailed: 'Connection test failed',
} as const;

// Files and playback (spec 001 §8).
export const PLAYBACK_MESSAGES = {
  processFailed: 'Failed to process file',
  cannotPlay: 'Unable to play audio file. Please check the file format.',
  blocked: 'Audio playback blocked by browser. Please click the play button to allow audio.',
  unsupported: 'Audio format not supported by your browser.',
  retry: 'Unable to play audio. Please try again.',
} as const;

export const FORM_VALIDATION_FAILED = 'Failed to validate form. Please try again.';

// Uploads (spec 001 §8).
export const UPLOAD_MESSAGES = {
  failed: 'Upload failed',
  parseFailed: 'Failed to parse server response',
  network: 'Network error',
  connectFailed: 'Failed to connect to server',
  timeout: 'Upload timeout',
  tooLong: 'Upload took too long',
} as const;

/**
 * Storage has no room left (a full disk, a bucket at its quota): answered 507 by every upload path,
 * with nothing of the file kept, so the same file can be sent again later. Not quoted by the spec.
 */
export const STORAGE_FULL = 'The server has no room for this file right now';

export function formatHttpStatus(status: number): string {
  return `HTTP ${status}`;
}

export function formatStorageUploadFailed(status: number): string {
  return `Cloud Storage upload failed: ${status}`;
}

export function formatUploadUrlFailed(status: number): string {
  return `Failed to get upload URL: ${status}`;
}

export function formatProcessingFailed(status: number): string {
  return `Processing failed: ${status}`;
}

// Submission (spec 001 §8); {host} is the board, which Imprint calls the board.
export const SUBMISSION_FAILED = 'Failed to submit music';

export function formatTrackUploadFailed(title: string, reason: string): string {
  return `Failed to upload ${title}: ${reason}`;
}

export function formatArtworkUploadFailed(reason: string): string {
  return `Failed to upload main artwork: ${reason}`;
}

export function formatCustomArtworkUploadFailed(title: string, reason: string): string {
  return `Failed to upload custom artwork for ${title}: ${reason}`;
}

export function formatBoardEntryFailed(host: string): string {
  return `Failed to create ${host} entry`;
}

export function formatBoardEntryUpdateFailed(host: string): string {
  return `Failed to update ${host} entry via invitation`;
}

/** 'Upload failed' with the exception's message (spec 001 §8). */
export function formatUploadFailed(reason: string): string {
  return reason ? `${UPLOAD_MESSAGES.failed}: ${reason}` : UPLOAD_MESSAGES.failed;
}
