import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Providers } from '../../providers';
import { sealSignatureRequest } from '../../services/contracts/seal-signature-request';
import { type JobHandler, PermanentJobError } from '../queue';

const payloadSchema = z.object({ requestId: z.uuid() });

/**
 * `contracts.seal`: the sealed PDF of a signed agreement (services/contracts/seal-signature-request.ts).
 * A storage or provider outage retries with the queue's backoff; a request that is gone or not
 * signed stops the job.
 */
export function createSealAgreementHandler(
  providers: Pick<Providers, 'storage' | 'externalSigning'>,
  config: AppConfig,
): JobHandler {
  return async (payload, { db }) => {
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError(`Invalid seal payload: ${parsed.error.message}`);
    await sealSignatureRequest(
      { db, storage: providers.storage, externalSigning: providers.externalSigning, config },
      parsed.data.requestId,
    );
  };
}
