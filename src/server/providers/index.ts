import path from 'node:path';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { createExternalBoard, type ExternalBoard } from './board/monday-board';
import { CloudflareTurnstile, type TurnstileVerifier } from './bot/turnstile';
import { createDeliveryTargets, type DeliveryTargets } from './delivery';
import type { MailProvider } from './mail/mail';
import { OutboxMail } from './mail/outbox-mail';
import { SmtpMail } from './mail/smtp-mail';
import type { MusicCatalog } from './music/music-catalog';
import { OfflineCatalog } from './music/offline-catalog';
import { SpotifyWebApi } from './music/spotify-web-api';
import { DropboxSign } from './signing/dropbox-sign';
import type { ExternalSigning } from './signing/external-signing';
import { LocalResumableStore } from './storage/local-resumable-store';
import { LocalStorage } from './storage/local-storage';
import { S3Storage } from './storage/s3-storage';
import type { StorageProvider } from './storage/storage';
import { StorageSpace } from './storage/storage-full';
import { Rfc3161TimestampAuthority, type TimestampAuthority } from './timestamp/timestamp-authority';

export interface Providers {
  storage: StorageProvider;
  /** What this process knows of storage's room: writes refused for space, read by the health check. */
  storageSpace: StorageSpace;
  mail: MailProvider;
  /** Where resumable (tus) uploads collect their bytes until they are complete. */
  resumable: ResumableUploads;
  /** The streaming service behind /api/spotify: the Web API, or the offline demo catalogue. */
  music: MusicCatalog;
  /** Cloudflare Turnstile's check of the form's token, when configured. */
  turnstile: TurnstileVerifier | undefined;
  /** The monday.com board mirrored by the board.sync-* jobs, when configured. */
  externalBoard: ExternalBoard | undefined;
  /** Dropbox Sign embedded signing, when configured; otherwise the built-in signing page. */
  externalSigning: ExternalSigning | undefined;
  /** Where approved releases are delivered as DDEX packages: SFTP, S3, both or none. */
  deliveryTargets: DeliveryTargets;
  /** The RFC 3161 timestamp authority of seal signatures (TSA_URL), when configured. */
  timestamps: TimestampAuthority | undefined;
}

/**
 * The tus store lives inside the storage itself (a folder of the local root, or the same bucket),
 * so a finished upload becomes a file by a rename or a server-side copy, never by copying bytes
 * through Imprint.
 */
export interface ResumableUploads {
  store: DataStore;
  /** The storage key holding an upload's bytes. */
  keyOf(id: string): string;
  /** Storage keys of the store's own records for an upload, removed with it. */
  bookkeepingKeysOf(id: string): string[];
}

/**
 * tus's S3 store removes an upload by aborting its multipart upload first; once the upload is
 * complete S3 answers NoSuchUpload and the store gives up before deleting the object. Imprint
 * removes every upload after taking its bytes, so a finished one must go too.
 */
class CompletableS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (error) {
      if ((error as { status_code?: number }).status_code !== 404) throw error;
      await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }] },
      });
      await this.clearCache(id);
    }
  }
}

/**
 * The tus data store beside the storage driver: files in DATA_DIR/tus on local disk, or S3
 * multipart uploads in the same bucket (one object per upload id, plus its `.info`).
 */
export function createResumableUploads(config: AppConfig): ResumableUploads {
  const storage = config.storage;
  if (storage.driver === 'local') {
    return {
      store: new LocalResumableStore({ directory: path.join(storage.root, 'resumable') }),
      keyOf: (id) => `resumable/${id}`,
      bookkeepingKeysOf: (id) => [`resumable/${id}.json`],
    };
  }
  const store = new CompletableS3Store({
    partSize: 8 * 1024 * 1024,
    s3ClientConfig: {
      bucket: storage.bucket,
      region: storage.region,
      ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
      ...(storage.accessKeyId && storage.secretAccessKey
        ? { credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey } }
        : {}),
      forcePathStyle: storage.forcePathStyle,
      // design.md §7: without these, streamed bodies reach s3rver (and some S3-compatibles) corrupted.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  return { store, keyOf: (id) => id, bookkeepingKeysOf: (id) => [`${id}.info`, `${id}.part`] };
}

/** The storage driver STORAGE_DRIVER names (exported for the provider-contract tests). */
export function createStorage(config: AppConfig['storage']): StorageProvider {
  if (config.driver === 'local') return new LocalStorage(config.root);
  return new S3Storage({
    bucket: config.bucket,
    region: config.region,
    endpoint: config.endpoint,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    forcePathStyle: config.forcePathStyle,
  });
}

/** Spotify with credentials; without them the labelled offline catalogue (design.md §1). */
export function createMusicCatalog(config: AppConfig['spotify']): MusicCatalog {
  if (!config.credentials) return new OfflineCatalog();
  return new SpotifyWebApi({ ...config.credentials, apiUrl: config.apiUrl, accountsUrl: config.accountsUrl });
}

/** The one place where configuration picks each provider's implementation. */
export function createProviders(config: AppConfig, db: Database, logger: FastifyBaseLogger): Providers {
  return {
    storage: createStorage(config.storage),
    storageSpace: new StorageSpace(),
    mail: config.mail.smtpUrl
      ? new SmtpMail(config.mail.smtpUrl, config.mail.from, config.mail.dkim)
      : new OutboxMail({
          db,
          dir: config.mail.outboxDir,
          from: config.mail.from,
          logger,
          dkim: config.mail.dkim,
        }),
    resumable: createResumableUploads(config),
    music: createMusicCatalog(config.spotify),
    turnstile: config.turnstile
      ? new CloudflareTurnstile(config.turnstile.secretKey, config.turnstile.verifyUrl)
      : undefined,
    externalBoard: createExternalBoard(config.monday),
    externalSigning: config.dropboxSign ? new DropboxSign(config.dropboxSign) : undefined,
    deliveryTargets: createDeliveryTargets(config.delivery),
    timestamps: config.tsaUrl ? new Rfc3161TimestampAuthority(config.tsaUrl) : undefined,
  };
}
