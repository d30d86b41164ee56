import { readDeliveryAcknowledgement } from '../services/delivery/read-acknowledgement';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

/** How often the recipient's folder is looked at, and for how long. */
const CHECK_EVERY_MS = 60_000;
const GIVE_UP_AFTER_MS = 7 * 24 * 3600_000;

/**
 * `delivery.read-acknowledgement`: looks in the target's `acknowledgements/` folder for what the
 * recipient wrote about a delivery (named after its batch or message id), and records it on the
 * log: acknowledged, or rejected with the recipient's words. Looked for every minute for a week.
 */
export const readDeliveryAcknowledgementJob = defineJob({
  name: 'delivery.read-acknowledgement',
  payload: jobPayloads['delivery.read-acknowledgement'],
  async handle({ attemptId }, { db, providers, now }) {
    const outcome = await readDeliveryAcknowledgement(
      { db, targets: providers.deliveryTargets },
      attemptId,
      now,
    );
    if (outcome.kind === 'waiting' && now.getTime() - outcome.sentAt.getTime() < GIVE_UP_AFTER_MS)
      return { rescheduleAfterMs: CHECK_EVERY_MS };
  },
});
