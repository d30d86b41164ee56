import { prepareDeliveryCover } from '../services/delivery/make-delivery-cover';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

/** `delivery.make-cover`: the store cover (3000 × 3000 RGB JPEG) of a release's current artwork. */
export const makeDeliveryCoverJob = defineJob({
  name: 'delivery.make-cover',
  payload: jobPayloads['delivery.make-cover'],
  async handle({ submissionId }, { db, providers: { storage }, now, log }) {
    const outcome = await prepareDeliveryCover({ db, storage }, submissionId, now);
    log.info({ submissionId, outcome }, 'delivery cover');
  },
});
