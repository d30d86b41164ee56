/**
 * The words of the review workflow: change requests, resubmissions, decision templates,
 * private notes. Not quoted by the spec; written in the voice of its own messages.
 */

/** Fields marked in one change request, at most. */
export const MAX_FLAGGED_FIELDS = 50;
export const FLAG_NOTE_MAX_LENGTH = 1_000;
export const ARTIST_COMMENT_MAX_LENGTH = 2_000;

export const FLAG_AT_LEAST_ONE = 'Mark at least one field for the artist to change';
export const TOO_MANY_FLAGS = `At most ${MAX_FLAGGED_FIELDS} fields can be marked in one change request`;
export const FLAG_NOTE_REQUIRED = 'Each marked field needs a note saying what to change';
export const FLAG_NOTE_TOO_LONG = `A note can be at most ${FLAG_NOTE_MAX_LENGTH} characters`;
export const UNKNOWN_FLAGGED_FIELD =
  "A marked field must be the artwork, the release date, a catalogue item, or a track's audio, title, ISRC, contributors or master splits";
export const TRACK_NOT_IN_SUBMISSION = 'The track named is not part of this submission';
export const CATALOGUE_ITEM_NOT_IN_SUBMISSION = 'The catalogue item named is not part of this submission';
export const NOTHING_TO_FLAG_IN_TRANSFER =
  'A catalogue transfer has no artwork or release date of its own: mark its catalogue items instead';

export function formatFlaggedTwice(label: string): string {
  return `${label} is marked twice: mark each field once, with one note`;
}

export const NO_OPEN_CHANGE_REQUEST =
  'This submission has no open change request: it may already have been sent back for review.';
export const RESUBMIT_AT_LEAST_ONE = 'Send the new value of each marked field';
export const ARTIST_COMMENT_TOO_LONG = `A comment can be at most ${ARTIST_COMMENT_MAX_LENGTH} characters`;

/** 403: the artist sent a field the reviewer did not mark. */
export function formatFieldNotFlagged(label: string): string {
  return `${label} was not marked for changes, so it cannot be edited. Only the fields the label marked can be changed.`;
}

export function formatFlaggedFieldUnanswered(label: string): string {
  return `${label} was marked for changes: send its new value with the others`;
}

export function formatFieldSentTwice(label: string): string {
  return `${label} is sent twice: send each marked field once`;
}

export const NEW_ARTWORK_NOT_USABLE =
  'The new artwork was not found among your uploads. Please upload it again and resubmit.';
export const NEW_AUDIO_NOT_USABLE =
  'The new audio file was not found among your uploads. Please upload it again and resubmit.';
export const NEW_AUDIO_NOT_WAV = 'The new audio must be a WAV file. Please upload a WAV and resubmit.';
export const CATALOGUE_TITLE_REQUIRED = 'The title of the catalogue item is required';
export const CATALOGUE_ARTIST_REQUIRED = 'The artist of the catalogue item is required';
export const CHANGED_MEANWHILE =
  'This submission changed while your changes were on their way. Reload it and try again.';

// --- Decision templates -----------------------------------------------------------------------

export const TEMPLATE_NAME_MAX_LENGTH = 100;
export const TEMPLATE_NAME_REQUIRED = 'Give the template a name';
export const TEMPLATE_NAME_TOO_LONG = `A template name can be at most ${TEMPLATE_NAME_MAX_LENGTH} characters`;
export const TEMPLATE_BODY_REQUIRED = 'Write the message the artist will receive';
export const UNKNOWN_DECISION_KIND = 'The kind of decision must be approve, request_changes or decline';
export const DECISION_TEMPLATE_NOT_FOUND = 'Decision template not found';
export const TEMPLATE_NAME_TAKEN = 'Another template for this decision already has this name';
export const TEMPLATE_ONLY_FOR_DECISIONS =
  'Templates are for approving, requesting changes and declining: this status change takes a message only';

export function formatMessageTooLong(max: number): string {
  return `A message can be at most ${max} characters`;
}

export function formatUnknownPlaceholder(name: string, known: readonly string[]): string {
  const list = known.map((placeholder) => `{{${placeholder}}}`);
  return `{{${name}}} is not a placeholder: use ${list.slice(0, -1).join(', ')} or ${list.at(-1)}`;
}

export function formatTemplateKindMismatch(templateKind: string, decision: string): string {
  return `This is a template to ${templateKind}; it cannot be used to ${decision}`;
}

// --- Private notes, ratings, assignment ----------------------------------------------------------

export const NOTE_MAX_LENGTH = 5_000;
export const NOTE_REQUIRED = 'Write the note';
export const NOTE_TOO_LONG = `A note can be at most ${NOTE_MAX_LENGTH} characters`;
export const RATING_OUT_OF_RANGE = 'A rating is a whole number from 1 to 5, or null to clear it';
export const ASSIGNEE_NOT_STAFF = 'Only a staff member can be assigned to review a submission';
