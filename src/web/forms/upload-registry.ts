import { createContext, useContext, useSyncExternalStore } from 'react';
import type { UploadResult } from '../../domain';
import { startUploadLazily } from '../upload/lazy-start';
import type { StartUploadOptions, UploadHandle, UploadInput } from '../upload/start-upload';
import { isUploadCancelled } from '../upload/upload-errors';
import type { UploadProgress } from '../upload/upload-progress';

/**
 * What the form shows about a file it is uploading or has uploaded in this page's life: the
 * progress, the error, and the picked File (for preview and retry). Form state holds only what
 * survives a reload (url, fileId); this holds what cannot (File objects, object URLs, handles).
 */
export type FileUploadState =
  | { status: 'uploading'; file: File; progress: UploadProgress | null }
  | { status: 'done'; file: File; result: UploadResult }
  | { status: 'failed'; file: File; error: string };

type Listener = () => void;

/** The main artwork's key in the registry; tracks use their track id. */
export const ARTWORK_UPLOAD_KEY = 'artwork';

const CUSTOM_ARTWORK_SUFFIX = ':artwork';

/** A track's own artwork (spec 001 §3, useCustomArtwork) uploads under its track id and this suffix. */
export function customArtworkUploadKey(trackId: string): string {
  return `${trackId}${CUSTOM_ARTWORK_SUFFIX}`;
}

/** The track whose custom artwork `key` names, if it names one. */
export function trackIdOfCustomArtworkKey(key: string): string | undefined {
  return key.endsWith(CUSTOM_ARTWORK_SUFFIX) ? key.slice(0, -CUSTOM_ARTWORK_SUFFIX.length) : undefined;
}
type Starter = (file: File, input: UploadInput, options: StartUploadOptions) => UploadHandle;

export class UploadRegistry {
  private readonly states = new Map<string, FileUploadState>();
  private readonly handles = new Map<string, UploadHandle>();
  private readonly listeners = new Set<Listener>();

  constructor(private readonly start: Starter = startUploadLazily) {}

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get(key: string): FileUploadState | undefined {
    return this.states.get(key);
  }

  /** True while any upload runs: the wizard warns before the page is left. */
  isBusy(): boolean {
    return [...this.states.values()].some((state) => state.status === 'uploading');
  }

  /**
   * Uploads `file` under `key` (a track id, or 'artwork'), replacing whatever was there. Resolves
   * with the result, or null when it failed or was cancelled (the state says which).
   */
  async upload(key: string, file: File, input: UploadInput): Promise<UploadResult | null> {
    this.cancel(key);
    this.set(key, { status: 'uploading', file, progress: null });
    const handle = this.start(file, input, {
      onProgress: (progress) => {
        const current = this.states.get(key);
        if (current?.status === 'uploading' && current.file === file) this.set(key, { ...current, progress });
      },
    });
    this.handles.set(key, handle);
    try {
      const result = await handle.promise;
      if (this.handles.get(key) !== handle) return null;
      this.set(key, { status: 'done', file, result });
      return result;
    } catch (error) {
      if (this.handles.get(key) !== handle) return null;
      if (isUploadCancelled(error)) {
        this.delete(key);
      } else {
        this.set(key, {
          status: 'failed',
          file,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      return null;
    } finally {
      if (this.handles.get(key) === handle) this.handles.delete(key);
    }
  }

  /**
   * Resolves once `key` is not uploading any more (at once if it is not), calling `onProgress` with
   * each progress event meanwhile: the submit pipeline waits for uploads started on pick.
   */
  whenSettled(
    key: string,
    onProgress?: (progress: UploadProgress) => void,
  ): Promise<FileUploadState | undefined> {
    return new Promise((resolve) => {
      const check = () => {
        const state = this.states.get(key);
        if (state?.status === 'uploading') {
          if (state.progress) onProgress?.(state.progress);
          return false;
        }
        unsubscribe();
        resolve(state);
        return true;
      };
      const unsubscribe = this.subscribe(() => {
        check();
      });
      check();
    });
  }

  /** Stops an upload in flight and forgets the file. */
  cancel(key: string): void {
    const handle = this.handles.get(key);
    this.handles.delete(key);
    handle?.cancel();
    this.delete(key);
  }

  private set(key: string, state: FileUploadState): void {
    this.states.set(key, state);
    this.emit();
  }

  private delete(key: string): void {
    if (this.states.delete(key)) this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const UploadRegistryContext = createContext<UploadRegistry | null>(null);

export function useUploadRegistry(): UploadRegistry {
  const registry = useContext(UploadRegistryContext);
  if (!registry) throw new Error('useUploadRegistry needs an UploadRegistryContext');
  return registry;
}

export function useUploadState(key: string): FileUploadState | undefined {
  const registry = useUploadRegistry();
  return useSyncExternalStore(registry.subscribe, () => registry.get(key));
}
