import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { checkReleaseAudio, detectBrowserName, type TrackDraft } from '../../../../../domain';
import {
  type AudioSummary,
  buildUploadInput,
  type SubmitFormValues,
  withUploadedAudio,
} from '../../../../forms/form-values';
import { inspectWav } from '../../../../forms/inspect-wav';
import { useUploadRegistry, useUploadState } from '../../../../forms/upload-registry';

/** A picked file with warnings, waiting for the artist to upload it anyway or choose another. */
export interface PendingFile {
  file: File;
  summary: AudioSummary;
  warnings: string[];
}

/**
 * One track's audio: pick (checked by the domain's file rule and by its header), warn, upload
 * with progress, and write the result into the form. The form is updated by track id, never by
 * index, because the artist may reorder or remove tracks while a file uploads.
 */
export function useTrackFile(trackId: string) {
  const { getValues, setValue } = useFormContext<SubmitFormValues>();
  const registry = useUploadRegistry();
  const upload = useUploadState(trackId);
  const [pending, setPending] = useState<PendingFile | null>(null);
  const [error, setError] = useState<string | null>(null);

  const updateTrack = (change: (track: TrackDraft) => TrackDraft) => {
    const tracks = getValues('tracks');
    if (!tracks.some((t) => t.id === trackId)) return false;
    setValue(
      'tracks',
      tracks.map((t) => (t.id === trackId ? change(t) : t)),
      { shouldDirty: true },
    );
    return true;
  };

  const setSummary = (summary: AudioSummary | undefined) => {
    const info = { ...getValues('audioInfo') };
    if (summary) info[trackId] = summary;
    else delete info[trackId];
    setValue('audioInfo', info, { shouldDirty: true });
    // Another file, or none: the old file's waveform goes (the new one's comes from its level check).
    const waveforms = getValues('waveforms');
    if (waveforms?.[trackId]) {
      const { [trackId]: _old, ...rest } = waveforms;
      setValue('waveforms', rest);
    }
  };

  const startUpload = async (file: File, summary: AudioSummary | undefined) => {
    setPending(null);
    setError(null);
    setSummary(summary);
    updateTrack((t) => ({
      ...t,
      file,
      isUploading: true,
      uploadFailed: false,
      url: undefined,
      fileId: undefined,
      fileName: undefined,
      // A track with no title yet takes the file's name, which the artist can still change.
      title: t.title.trim() ? t.title : file.name.replace(/\.[^.]+$/, ''),
    }));
    const values = getValues();
    const track = values.tracks.find((t) => t.id === trackId);
    const result = await registry.upload(
      trackId,
      file,
      buildUploadInput(values, 'track', track?.title || file.name),
    );
    const state = registry.get(trackId);
    if (result?.success && result.fileId) {
      updateTrack((t) => withUploadedAudio(t, result, file.name));
    } else if (state?.status === 'failed') {
      updateTrack((t) => ({ ...t, file: null, isUploading: false, uploadFailed: true }));
    } else {
      // Cancelled: the slot is empty again.
      updateTrack((t) => ({ ...t, file: null, isUploading: false }));
    }
  };

  /** A file was chosen: refuse it, ask about its warnings, or upload it straight away. */
  const choose = async (file: File) => {
    setError(null);
    setPending(null);
    const refusal = checkReleaseAudio(file, detectBrowserName(navigator.userAgent));
    if (refusal) {
      setError(refusal);
      return;
    }
    const inspection = await inspectWav(file);
    if (!inspection.ok) {
      setError(inspection.message);
      return;
    }
    if (inspection.warnings.length > 0) {
      setPending({ file, summary: inspection.summary, warnings: inspection.warnings });
      return;
    }
    await startUpload(file, inspection.summary);
  };

  const confirmPending = () => {
    if (pending) void startUpload(pending.file, pending.summary);
  };

  const retry = () => {
    if (upload?.status === 'failed') void startUpload(upload.file, getValues('audioInfo')?.[trackId]);
  };

  const cancel = () => {
    registry.cancel(trackId);
  };

  /** Forgets the file (and stops its upload); the slot and its title stay. */
  const clear = () => {
    registry.cancel(trackId);
    setPending(null);
    setError(null);
    setSummary(undefined);
    updateTrack((t) => ({
      ...t,
      file: null,
      isUploading: false,
      uploadFailed: false,
      uploadProgress: undefined,
      url: undefined,
      fileId: undefined,
      fileName: undefined,
    }));
  };

  return {
    upload,
    pending,
    error,
    choose: (file: File) => void choose(file),
    confirmPending,
    dismissPending: () => setPending(null),
    retry,
    cancel,
    clear,
  };
}
