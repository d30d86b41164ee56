import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDefaultTrackMetadata,
  formatTrackNeedsCustomArtwork,
  type TrackDraft,
  type UploadResult,
} from '../../../domain';
import { renderInForm } from '../../test/render-form';
import type { UploadHandle, UploadInput, UploadProgress } from '../../upload';
import { cancelledError } from '../../upload/upload-errors';
import type { SubmitFormValues } from '../form-values';
import { customArtworkUploadKey, UploadRegistry, UploadRegistryContext } from '../upload-registry';
import { TrackDetailsForm } from './track-details-form';

// MUI in jsdom driven by user-event is slow on a busy machine; the default 5 s would fail on timing.
const UI_TEST_TIMEOUT_MS = 60_000;

/** A registry whose uploads finish when the test says so, recording what each was sent as. */
function controllableRegistry() {
  const uploads: {
    file: File;
    input: UploadInput;
    resolve(result: UploadResult): void;
    reject(error: Error): void;
    progress(percent: number): void;
  }[] = [];
  const registry = new UploadRegistry((file, input, options): UploadHandle => {
    let resolve!: (result: UploadResult) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<UploadResult>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    uploads.push({
      file,
      input,
      resolve,
      reject,
      progress: (percent) =>
        options.onProgress?.({
          percent,
          phase: 'uploading',
          timeRemainingText: 'Less than 1 minute',
        } as UploadProgress),
    });
    return { promise, cancel: () => reject(cancelledError('standard')) };
  });
  return { registry, uploads };
}

const jpeg = (name = 'single-cover.jpg') => new File(['jpeg bytes'], name, { type: 'image/jpeg' });

function renderTrack(
  track: Partial<TrackDraft> = {},
  options: { withCustomArtwork?: boolean; errors?: { field: string; message: string }[] } = {},
) {
  const { registry, uploads } = controllableRegistry();
  const values: Partial<SubmitFormValues> = {
    artistName: 'Maya Rivers',
    tracks: [{ id: 't1', title: 'Song', metadata: createDefaultTrackMetadata(), ...track }],
  };
  const result = renderInForm(
    <UploadRegistryContext value={registry}>
      <TrackDetailsForm index={0} withCustomArtwork={options.withCustomArtwork ?? true} />
    </UploadRegistryContext>,
    { values, errors: options.errors ?? [] },
  );
  const trackOf = () => result.getForm().getValues('tracks.0') as TrackDraft;
  return { ...result, registry, uploads, trackOf };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:picked-cover');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('a track’s custom artwork', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('is off until switched on; then a JPEG is checked, uploaded with progress and kept by its id', async () => {
    const user = userEvent.setup();
    const { uploads, trackOf } = renderTrack();
    const toggle = screen.getByRole('switch', { name: 'Use custom artwork' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('button', { name: 'Choose artwork for Track 1' })).toBeNull();

    // From the keyboard: Space on the focused switch.
    toggle.focus();
    await user.keyboard(' ');
    expect(trackOf().useCustomArtwork).toBe(true);
    expect(screen.getByRole('button', { name: 'Choose artwork for Track 1' })).toBeTruthy();

    // The main artwork's rules and words.
    const input = screen.getByLabelText('Custom artwork file for Track 1');
    fireEvent.change(input, { target: { files: [new File(['png'], 'cover.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Please select a valid JPEG or JPG file')).toBeTruthy();
    expect(uploads).toHaveLength(0);

    const file = jpeg();
    fireEvent.change(input, { target: { files: [file] } });
    const bar = await screen.findByRole('progressbar', { name: 'Custom artwork upload progress of Song' });
    expect(screen.queryByText('Please select a valid JPEG or JPG file')).toBeNull();
    expect(uploads[0]?.file).toBe(file);
    expect(uploads[0]?.input).toMatchObject({
      fileType: 'artwork',
      trackTitle: 'Song',
      artistName: 'Maya Rivers',
    });
    expect(trackOf()).toMatchObject({ customArtwork: file, customArtworkFileName: 'single-cover.jpg' });
    expect(screen.getByRole('img', { name: 'Custom artwork of Song' }).getAttribute('src')).toBe(
      'blob:picked-cover',
    );
    uploads[0]?.progress(40);
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByRole('group', { name: 'Upload of single-cover.jpg' }).textContent).toContain(
      '40% · Less than 1 minute',
    );

    uploads[0]?.resolve({ success: true, fileId: 'img-1', url: '/files/img-1?signature=x' });
    expect(await screen.findByText('Uploaded')).toBeTruthy();
    expect(trackOf()).toMatchObject({
      useCustomArtwork: true,
      customArtwork: null,
      customArtworkFileId: 'img-1',
      customArtworkUrl: '/files/img-1?signature=x',
      customArtworkFileName: 'single-cover.jpg',
    });

    // Off forgets the picture.
    await user.click(toggle);
    const off = trackOf();
    expect(off.useCustomArtwork).toBe(false);
    expect([off.customArtworkFileId, off.customArtworkUrl, off.customArtworkFileName]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(screen.queryByRole('button', { name: 'Replace custom artwork' })).toBeNull();
  });

  it('shows a failed upload in its words with Retry, and stops an upload when switched off', async () => {
    const user = userEvent.setup();
    const { registry, uploads, trackOf } = renderTrack({ useCustomArtwork: true });
    const input = screen.getByLabelText('Custom artwork file for Track 1');
    fireEvent.change(input, { target: { files: [jpeg()] } });
    await screen.findByRole('progressbar', { name: 'Custom artwork upload progress of Song' });
    uploads[0]?.reject(new Error('Image size exceeds 20MB limit'));
    const alert = await screen.findByText('Image size exceeds 20MB limit');
    const retry = within(alert.closest('.MuiAlert-root') as HTMLElement).getByRole('button', {
      name: 'Retry',
    });
    await user.click(retry);
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(registry.get(customArtworkUploadKey('t1'))?.status).toBe('uploading');

    await user.click(screen.getByRole('switch', { name: 'Use custom artwork' }));
    await waitFor(() => expect(registry.get(customArtworkUploadKey('t1'))).toBeUndefined());
    expect(trackOf()).toMatchObject({ useCustomArtwork: false, customArtwork: null });
  });

  it('shows the form’s problem at the picker, which the wizard scrolls to', () => {
    const message = formatTrackNeedsCustomArtwork(1, 'Song');
    const { container } = renderTrack(
      { useCustomArtwork: true },
      { errors: [{ field: 'tracks.0.customArtwork', message }] },
    );
    const anchor = container.querySelector('[data-field="tracks.0.customArtwork"]') as HTMLElement;
    expect(within(anchor).getByText(message)).toBeTruthy();
    expect(within(anchor).getByRole('button', { name: 'Choose artwork for Track 1' })).toBeTruthy();
  });

  it('shows an uploaded picture again after a reload, from the draft’s link', () => {
    renderTrack({
      useCustomArtwork: true,
      customArtworkFileId: 'img-1',
      customArtworkUrl: '/files/img-1?signature=x',
      customArtworkFileName: 'single-cover.jpg',
    });
    expect(screen.getByRole('img', { name: 'Custom artwork of Song' }).getAttribute('src')).toBe(
      '/files/img-1?signature=x',
    );
    expect(screen.getByText('single-cover.jpg')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace custom artwork' })).toBeTruthy();
  });

  it('is not offered where the form is used for release details', () => {
    renderTrack({}, { withCustomArtwork: false });
    expect(screen.queryByRole('switch', { name: 'Use custom artwork' })).toBeNull();
  });
});
