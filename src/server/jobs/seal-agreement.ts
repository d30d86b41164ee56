import { sealSignatureRequest } from '../services/contracts/seal-signature-request';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';

/**
 * `contracts.seal`: the sealed PDF of a signed agreement (services/contracts/seal-signature-request.ts).
 * A storage, provider or timestamp authority (TSA_URL) outage retries with the queue's backoff; a
 * request that is gone or not signed stops the job.
 */
export const sealAgreementJob = defineJob({
  name: 'contracts.seal',
  payload: jobPayloads['contracts.seal'],
  async handle({ requestId }, { db, providers, config }) {
    await sealSignatureRequest(
      {
        db,
        storage: providers.storage,
        externalSigning: providers.externalSigning,
        timestamps: providers.timestamps,
        config,
      },
      requestId,
    );
  },
});
