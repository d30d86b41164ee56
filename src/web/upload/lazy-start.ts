import type { StartUploadOptions, UploadableFile, UploadHandle, UploadInput } from './start-upload';
import { cancelledError } from './upload-errors';

/**
 * `startUpload`, with the upload client (tus-js-client and the transports) fetched on the first
 * upload rather than with the page: the submit form's first paint carries none of it.
 * A cancel before the client has arrived ends the upload before it starts.
 */
export function startUploadLazily(
  file: UploadableFile,
  input: UploadInput,
  options?: StartUploadOptions,
): UploadHandle {
  let cancelled = false;
  let handle: UploadHandle | undefined;
  const promise = import('./start-upload').then(({ startUpload }) => {
    if (cancelled) throw cancelledError('standard');
    handle = startUpload(file, input, options);
    return handle.promise;
  });
  return {
    promise,
    cancel() {
      cancelled = true;
      handle?.cancel();
    },
  };
}

/** Fetches the upload client ahead of need (e.g. once a form that uploads is on screen). */
export function preloadUploadClient(): void {
  void import('./start-upload');
}
