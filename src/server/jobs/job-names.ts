import { z } from 'zod';
import { MAIL_KINDS } from '../../domain';

/** Both board syncs take the id of the submission or invitation they mirror. */
export const boardSyncPayload = z.object({ entityId: z.uuid() });

/**
 * Every background job's name, as stored in `jobs.type`, with the schema of its payload. The job
 * definitions (`index.ts`) take their payloads from here, and the services that enqueue them read
 * the names and payload types here: the jobs call those services, so this module imports no job.
 */
export const jobPayloads = {
  'mail.send': z.object({
    to: z.email(),
    subject: z.string().min(1),
    text: z.string(),
    html: z.string().optional(),
    replyTo: z.email().optional(),
    // A mail queued before mail had kinds is sent as it was then: always, without a link.
    kind: z.enum(MAIL_KINDS).default('transactional'),
    notAfter: z.iso.datetime().optional(),
    audit: z.object({ submissionId: z.uuid(), purpose: z.string().max(100) }).optional(),
  }),
  'uploads.image-variants': z.object({ uploadId: z.uuid() }),
  'media.social-clips': z.object({ submissionId: z.uuid() }),
  'media.audio-peaks': z.object({ uploadId: z.uuid() }),
  'media.measure-loudness': z.object({ trackId: z.uuid(), uploadId: z.uuid() }),
  'board.sync-submission': boardSyncPayload,
  'board.sync-invitation': boardSyncPayload,
  'contracts.seal': z.object({ requestId: z.uuid() }),
  'contracts.prepare-schedule': z.object({ submissionId: z.uuid() }),
  'delivery.make-cover': z.object({ submissionId: z.uuid() }),
  'delivery.send': z.object({ attemptId: z.uuid() }),
  'delivery.read-acknowledgement': z.object({ attemptId: z.uuid() }),
  'privacy.delete-erased-files': z.object({ dataRequestId: z.uuid() }),
  'maintenance.clean-up': z.object({}),
  'uploads.remove-abandoned': z.object({}),
  'maintenance.analytics-retention': z.object({}),
  'monitoring.check-providers': z.object({}),
  'planner.remind-deadlines': z.object({}),
  'review.decline-overdue': z.object({}),
  'review.response-record': z.object({ refresh: z.literal(true).optional() }),
  'maintenance.vacuum-embedded-database': z.object({}),
  'maintenance.backup': z.object({}),
};

/** The name of a defined job, as stored in `jobs.type`. */
export type JobName = keyof typeof jobPayloads;
/** What `enqueueJob` takes for job N: the input of its payload schema. */
export type JobPayload<N extends JobName> = z.input<(typeof jobPayloads)[N]>;
