import type { Executor } from '../../db/client';
import type { JobName } from '../../jobs/job-names';
import { enqueueJob } from '../../jobs/queue';

export const sealAgreementJobType = 'contracts.seal' satisfies JobName;

/**
 * Sealing a signed agreement (the PDF with its certificate page, or the provider's signed PDF) is
 * a job, enqueued in the transaction that records the signature, so a signature is never without
 * its sealed copy for long and a failure retries.
 */
export async function queueSealAgreement(executor: Executor, requestId: string): Promise<void> {
  await enqueueJob(
    executor,
    sealAgreementJobType,
    { requestId },
    { uniqueKey: `${sealAgreementJobType}:${requestId}` },
  );
}
