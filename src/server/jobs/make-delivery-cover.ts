import { z } from 'zod';
import { prepareDeliveryCover } from '../services/delivery/make-delivery-cover';
import { defineJob } from './define-job';

/** `delivery.make-cover`: the store cover (3000 × 3000 RGB JPEG) of a release's current artwork. */
export const makeDeliveryCoverJob = defineJob({
  name: 'delivery.make-cover',
  payload: z.object({ submissionId: z.uuid() }),
  async handle({ submissionId }, { db, providers: { storage }, now, log }) {
    const outcome = await prepareDeliveryCover({ db, storage }, submissionId, now);
    log.info({ submissionId, outcome }, 'delivery cover');
  },
});
