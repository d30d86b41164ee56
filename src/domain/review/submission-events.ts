/**
 * The audit trail of a submission: every change is written as an event in the
 * transaction of the change, with who did it and when; staff read them as the submission's
 * timeline. Artists never see the events.
 */
export const SUBMISSION_EVENT_TYPES = [
  'created',
  'status_changed',
  'changes_requested',
  'resubmitted',
  'change_request_withdrawn',
  'release_details_submitted',
  'clips_cut',
  'invitation_used',
  'returning_link_used',
  'note_added',
  'rating_changed',
  'assigned',
  'mail_queued',
  'mail_sent',
  'identifiers_assigned',
  'delivery_details_changed',
  'delivery_queued',
  'delivery_sent',
  'delivery_acknowledged',
  'delivery_failed',
  'artist_data_erased',
] as const;
export type SubmissionEventType = (typeof SUBMISSION_EVENT_TYPES)[number];

const EVENT_LABELS: Record<SubmissionEventType, string> = {
  created: 'Submitted',
  status_changed: 'Status changed',
  changes_requested: 'Changes requested',
  resubmitted: 'Changes sent back for review',
  change_request_withdrawn: 'Change request withdrawn',
  release_details_submitted: 'Release details submitted',
  clips_cut: 'Social clips cut',
  invitation_used: 'Invitation used',
  returning_link_used: 'Returning-artist link used',
  note_added: 'Private note added',
  rating_changed: 'Rating changed',
  assigned: 'Reviewer assigned',
  mail_queued: 'Mail queued',
  mail_sent: 'Mail sent',
  identifiers_assigned: 'ISRCs and UPC assigned',
  delivery_details_changed: 'Delivery details changed',
  delivery_queued: 'Delivery started',
  delivery_sent: 'Delivered',
  delivery_acknowledged: 'Delivery acknowledged',
  delivery_failed: 'Delivery failed',
  artist_data_erased: 'Artist’s personal data erased',
};

/** The timeline's words for an event; an unknown type (an older or newer row) is named as stored. */
export function getSubmissionEventLabel(type: string): string {
  return (EVENT_LABELS as Record<string, string>)[type] ?? type;
}

/** Why a mail about a submission was sent, as its audit event records it. */
export const SUBMISSION_MAIL_PURPOSES = [
  'submission_confirmation',
  'new_submission_notice',
  'status_change',
  'change_request',
  'resubmission_notice',
  'release_details_notice',
  /** A delivery or pitch deadline is near (jobs/remind-deadlines.ts). */
  'deadline_reminder',
  /** An approved release's schedule to the agreement is ready to sign. */
  'release_schedule',
] as const;
export type SubmissionMailPurpose = (typeof SUBMISSION_MAIL_PURPOSES)[number];
