/**
 * The upload client (spec 001 §4, §7, §8). The form calls `startUpload` per file; tests and
 * scripts build their own client with `createUploadClient` and the Node transport
 * (`./node-transport`, not re-exported here so the browser bundle never sees node:http).
 */
export {
  createUploadClient,
  RESUMABLE_ENDPOINT,
  type StartUploadOptions,
  startUpload,
  type UploadableFile,
  type UploadClient,
  type UploadClientOptions,
  type UploadHandle,
  type UploadInput,
} from './start-upload';
export {
  isTransportError,
  TransportError,
  type TransportRequest,
  type TransportResponse,
  type UploadTransport,
} from './transport';
export { isUploadCancelled, UPLOAD_CANCELLED, UploadError, type UploadErrorKind } from './upload-errors';
export type { UploadMethod, UploadPhase, UploadProgress } from './upload-progress';
export { createXhrTransport } from './xhr-transport';
