import fs from 'node:fs';
import type { AppConfig } from '../../config';
import type { DeliveryTarget } from './delivery-target';
import { S3Target } from './s3-target';
import { SftpTarget } from './sftp-target';

export type DeliveryTargets = Partial<Record<DeliveryTarget['kind'], DeliveryTarget>>;

/** The delivery targets the configuration names: an SFTP server, an S3 bucket, both or none. */
export function createDeliveryTargets(config: AppConfig['delivery']): DeliveryTargets {
  const targets: DeliveryTargets = {};
  if (config.sftp) {
    let privateKey: Buffer;
    try {
      privateKey = fs.readFileSync(config.sftp.keyFile);
    } catch (error) {
      throw new Error(
        `DELIVERY_SFTP_KEY_FILE: cannot read ${config.sftp.keyFile} (${(error as Error).message})`,
      );
    }
    targets.sftp = new SftpTarget({
      url: config.sftp.url,
      privateKey,
      hostKeySha256: config.sftp.hostKeySha256,
    });
  }
  if (config.s3)
    targets.s3 = new S3Target({
      bucket: config.s3.bucket,
      prefix: config.s3.prefix,
      region: config.s3.region,
      endpoint: config.s3.endpoint,
      credentials:
        config.s3.accessKeyId && config.s3.secretAccessKey
          ? { accessKeyId: config.s3.accessKeyId, secretAccessKey: config.s3.secretAccessKey }
          : undefined,
      forcePathStyle: config.s3.forcePathStyle,
    });
  return targets;
}
