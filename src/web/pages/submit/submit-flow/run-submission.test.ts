import { describe, expect, it, vi } from 'vitest';
import {
  addDays,
  BOT_CHECK_FAILED,
  type CreateBoardItemPayload,
  createDefaultTrackMetadata,
  formatTrackNeedsCustomArtwork,
  PROGRESS,
  type UploadResult,
} from '../../../../domain';
import { ApiError } from '../../../api/client';
import { createInitialValues, type SubmitFormValues } from '../../../forms/form-values';
import {
  ARTWORK_UPLOAD_KEY,
  customArtworkUploadKey,
  trackIdOfCustomArtworkKey,
  UploadRegistry,
} from '../../../forms/upload-registry';
import type { UploadHandle, UploadProgress } from '../../../upload';
import { type RunSubmissionDeps, runSubmission, type SubmissionProgress } from './run-submission';

const TODAY = '2026-03-10';

function completeValues(): SubmitFormValues {
  const values = createInitialValues(TODAY);
  return {
    ...values,
    firstName: 'Maya',
    surname: 'Rivers',
    email: 'maya@example.com',
    artistName: 'Maya Rivers',
    country: 'United Kingdom',
    city: 'London',
    noInstagram: true,
    noTikTok: true,
    releaseTitle: 'First Light',
    primaryGenre: 'Pop',
    subGenre: 'Indie Pop',
    releaseDate: addDays(TODAY, 60),
    artwork: '/files/art',
    artworkFileId: 'art-id',
    tracks: [
      {
        id: 't1',
        title: 'Song 1',
        url: '/files/t1',
        fileId: 'file-1',
        fileName: 'song-1.wav',
        metadata: {
          ...createDefaultTrackMetadata(),
          soloWork: true,
          productionYear: '2025',
          socialClipsEnabled: true,
          socialClips: [{ id: 'c1', startTime: '00:10', endTime: '00:40', status: 'Ready' }],
        },
      },
      // An empty slot: not part of the release.
      { id: 't2', title: '', metadata: createDefaultTrackMetadata() },
    ],
  };
}

/** A registry whose uploads finish when the test says so. */
function controllableRegistry() {
  const pending: {
    resolve(result: UploadResult): void;
    reject(error: Error): void;
    progress(p: number): void;
  }[] = [];
  const registry = new UploadRegistry((_file, _input, options): UploadHandle => {
    let resolve!: (result: UploadResult) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<UploadResult>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    pending.push({
      resolve,
      reject,
      progress: (percent) =>
        options.onProgress?.({
          percent,
          phase: 'uploading',
          bytesSent: 0,
          bytesTotal: 0,
          method: 'standard',
          timeRemainingText: '',
        } as UploadProgress),
    });
    return { promise, cancel: () => reject(new Error('cancelled')) };
  });
  return { registry, pending };
}

function deps(values: SubmitFormValues, overrides: Partial<RunSubmissionDeps> = {}) {
  const progress: SubmissionProgress[] = [];
  let state = values;
  const sent: CreateBoardItemPayload[] = [];
  const clipCalls: unknown[] = [];
  const d: RunSubmissionDeps = {
    registry: new UploadRegistry(),
    getValues: () => state,
    attachUpload: (key, result) => {
      const artworkOf = trackIdOfCustomArtworkKey(key);
      if (key === ARTWORK_UPLOAD_KEY) state = { ...state, artwork: result.url, artworkFileId: result.fileId };
      else if (artworkOf)
        state = {
          ...state,
          tracks: state.tracks.map((t) =>
            t.id === artworkOf
              ? {
                  ...t,
                  customArtworkUrl: result.url,
                  customArtworkFileId: result.fileId,
                  customArtwork: null,
                }
              : t,
          ),
        };
      else
        state = {
          ...state,
          tracks: state.tracks.map((t) =>
            t.id === key ? { ...t, url: result.url, fileId: result.fileId, file: null } : t,
          ),
        };
    },
    verification: () => ({ formToken: 'token', honeypot: { website: '', email_confirm: '' } }),
    startedAt: 0,
    today: TODAY,
    skipValidation: false,
    createBoardItem: async (payload) => {
      sent.push(payload);
      return { success: true, data: { itemId: 'item-1' } };
    },
    processSocialClips: async (payload) => {
      clipCalls.push(payload);
      return { success: true };
    },
    onProgress: (p) => progress.push(p),
    delay: async () => {},
    now: () => 60_000,
    warn: vi.fn(),
    ...overrides,
  };
  return { d, progress, sent, clipCalls };
}

describe('runSubmission', () => {
  it('walks the milestones in order, sends only the tracks with audio, then asks for the clips', async () => {
    const { d, progress, sent, clipCalls } = deps(completeValues());
    expect(await runSubmission(d)).toEqual({ itemId: 'item-1' });
    const values = progress.map((p) => p.progress);
    expect(values[0]).toBe(PROGRESS.validating);
    expect(values).toContain(PROGRESS.preparing);
    expect(values).toContain(PROGRESS.submittingToBoard);
    expect(values).toContain(PROGRESS.entryCreated);
    expect(values).toContain(PROGRESS.socialClips);
    expect(values.at(-1)).toBe(PROGRESS.done);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    expect(progress.find((p) => p.totalFiles > 0)).toMatchObject({ currentFile: 1, totalFiles: 2 });
    const payload = sent[0];
    expect(payload?.itemName).toBe('Maya Rivers - First Light');
    expect(payload?.formData.tracks.map((t) => t.id)).toEqual(['t1']);
    expect(payload?.formData).toMatchObject({
      artworkFileId: 'art-id',
      uploadSessionId: expect.stringMatching(/^form-/),
    });
    expect(payload?.formData).not.toHaveProperty('artworkFile');
    expect(payload?.additionalData).toMatchObject({ audioUrls: '/files/t1', imageUrls: '/files/art' });
    expect(clipCalls).toEqual([
      {
        itemId: 'item-1',
        artistName: 'Maya Rivers',
        tracksWithClips: [
          {
            title: 'Song 1',
            artistName: 'Maya Rivers',
            fileId: 'file-1',
            fileName: 'song-1.wav',
            socialClips: [{ id: 'c1', startTime: '00:10', endTime: '00:40' }],
          },
        ],
      },
    ]);
  });

  it('waits for a track still uploading, showing its progress between 15 and 50, and sends its file id', async () => {
    const { registry, pending } = controllableRegistry();
    const values = completeValues();
    const first = values.tracks[0];
    if (!first) throw new Error('track');
    values.tracks[0] = {
      ...first,
      url: undefined,
      fileId: undefined,
      file: { name: 'a.wav', size: 1, type: 'audio/wav' },
    };
    void registry.upload('t1', new File(['x'], 'a.wav'), {
      artistName: 'x',
      fileType: 'track',
      sessionId: 's',
    });
    const { d, progress, sent } = deps(values, { registry });
    const run = runSubmission(d);
    await vi.waitFor(() => expect(progress.some((p) => p.status === 'Uploading "Song 1"...')).toBe(true));
    pending[0]?.progress(50);
    await vi.waitFor(() => expect(progress.some((p) => p.progress === 33)).toBe(true));
    pending[0]?.resolve({ success: true, fileId: 'late-file', url: '/files/late' });
    await run;
    expect(sent[0]?.formData.tracks[0]).toMatchObject({ fileId: 'late-file', url: '/files/late' });
  });

  it('waits for a track’s custom artwork between 70 and 80, after the main artwork, and sends its file id', async () => {
    const { registry, pending } = controllableRegistry();
    const values = completeValues();
    const first = values.tracks[0];
    if (!first) throw new Error('track');
    values.tracks[0] = {
      ...first,
      useCustomArtwork: true,
      customArtwork: { name: 'single.jpg', size: 1, type: 'image/jpeg' },
      customArtworkFileName: 'single.jpg',
    };
    void registry.upload(customArtworkUploadKey('t1'), new File(['x'], 'single.jpg'), {
      artistName: 'x',
      fileType: 'artwork',
      sessionId: 's',
    });
    const { d, progress, sent } = deps(values, { registry });
    const run = runSubmission(d);
    const status = 'Uploading the artwork of "Song 1"...';
    await vi.waitFor(() => expect(progress.some((p) => p.status === status)).toBe(true));
    expect(progress.find((p) => p.status === status)).toMatchObject({
      progress: PROGRESS.customArtworkStart,
      currentFile: 3,
      totalFiles: 3,
    });
    pending[0]?.progress(50);
    await vi.waitFor(() => expect(progress.some((p) => p.progress === 75)).toBe(true));
    pending[0]?.resolve({ success: true, fileId: 'own-art', url: '/files/own-art' });
    await run;
    const values70to80 = progress.filter((p) => p.status === status).map((p) => p.progress);
    expect(
      values70to80.every((v) => v >= PROGRESS.customArtworkStart && v <= PROGRESS.customArtworkEnd),
    ).toBe(true);
    const steps = progress.map((p) => p.progress);
    expect(steps.indexOf(PROGRESS.artworkEnd)).toBeLessThan(steps.indexOf(PROGRESS.customArtworkStart));
    expect(progress.find((p) => p.progress === PROGRESS.customArtworkEnd)?.status).toBe(
      'Track artwork uploaded',
    );
    expect(sent[0]?.formData.tracks[0]).toMatchObject({
      useCustomArtwork: true,
      customArtworkFileId: 'own-art',
      customArtworkUrl: '/files/own-art',
      customArtworkFileName: 'single.jpg',
    });
    expect(sent[0]?.formData.tracks[0]).not.toHaveProperty('customArtwork');
  });

  it("names the track whose custom artwork failed to upload, in the spec's words", async () => {
    const { registry, pending } = controllableRegistry();
    const values = completeValues();
    const first = values.tracks[0];
    if (!first) throw new Error('track');
    values.tracks[0] = {
      ...first,
      useCustomArtwork: true,
      customArtwork: { name: 'single.jpg', size: 1, type: 'image/jpeg' },
    };
    void registry.upload(customArtworkUploadKey('t1'), new File(['x'], 'single.jpg'), {
      artistName: 'x',
      fileType: 'artwork',
      sessionId: 's',
    });
    const { d, sent } = deps(values, { registry });
    const run = runSubmission(d);
    pending[0]?.reject(new Error('Image size exceeds 20MB limit'));
    await expect(run).rejects.toMatchObject({
      message: 'Failed to upload custom artwork for Song 1: Image size exceeds 20MB limit',
      stage: 'custom-artwork-upload',
    });
    expect(sent).toEqual([]);
  });

  it('stops at validation when a track’s custom artwork is switched on without a picture', async () => {
    const values = completeValues();
    const first = values.tracks[0];
    if (!first) throw new Error('track');
    values.tracks[0] = { ...first, useCustomArtwork: true };
    const { d, sent } = deps(values);
    await expect(runSubmission(d)).rejects.toMatchObject({
      message: formatTrackNeedsCustomArtwork(1, 'Song 1'),
      stage: 'validation',
    });
    expect(sent).toEqual([]);
  });

  it('names the track whose upload failed', async () => {
    const { registry, pending } = controllableRegistry();
    const values = completeValues();
    const first = values.tracks[0];
    if (!first) throw new Error('track');
    values.tracks[0] = {
      ...first,
      url: undefined,
      fileId: undefined,
      file: { name: 'a.wav', size: 1, type: 'audio/wav' },
    };
    void registry.upload('t1', new File(['x'], 'a.wav'), {
      artistName: 'x',
      fileType: 'track',
      sessionId: 's',
    });
    const { d } = deps(values, { registry });
    const run = runSubmission(d);
    pending[0]?.reject(new Error('Network error'));
    await expect(run).rejects.toMatchObject({
      message: 'Failed to upload Song 1: Network error',
      stage: 'track-upload',
    });
  });

  it('stops at validation with the wizard message and sends nothing', async () => {
    const values = { ...completeValues(), city: '' };
    const { d, sent } = deps(values);
    await expect(runSubmission(d)).rejects.toMatchObject({
      message: 'Please fill in all required fields: Artist Name, Country, and City',
      stage: 'validation',
    });
    expect(sent).toEqual([]);
  });

  it('refuses when the bot check fails (a filled honeypot)', async () => {
    const { d, sent } = deps(completeValues(), {
      verification: () => ({ formToken: 't', honeypot: { website: 'spam', email_confirm: '' } }),
      startedAt: 59_000,
    });
    await expect(runSubmission(d)).rejects.toMatchObject({ message: BOT_CHECK_FAILED });
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal in its words, and the spec's text when the server fails", async () => {
    const refused = deps(completeValues(), {
      createBoardItem: async () => {
        throw new ApiError(400, 'Release title is required');
      },
    });
    await expect(runSubmission(refused.d)).rejects.toMatchObject({
      message: 'Release title is required',
      stage: 'board',
    });
    const broken = deps(completeValues(), {
      createBoardItem: async () => {
        throw new ApiError(500, 'Internal server error');
      },
    });
    await expect(runSubmission(broken.d)).rejects.toMatchObject({ message: 'Failed to create board entry' });
  });

  it("carries a personal link's token in the payload", async () => {
    const { d, sent } = deps(completeValues(), { link: { returningToken: 'returning-token' } });
    await runSubmission(d);
    expect(sent[0]?.formData).toMatchObject({ returningToken: 'returning-token', artistName: 'Maya Rivers' });
  });

  it("puts the server's reason, when it gave one, after an invitation's failure text", async () => {
    const prefix = 'Failed to update board entry via invitation';
    const refused = deps(completeValues(), {
      boardFailurePrefix: prefix,
      createBoardItem: async () => {
        throw new ApiError(400, 'Invalid invitation token', {
          success: false,
          error: 'Invalid invitation token',
        });
      },
    });
    await expect(runSubmission(refused.d)).rejects.toMatchObject({
      message: `${prefix}: Invalid invitation token`,
      stage: 'board',
    });
    const silent = deps(completeValues(), {
      boardFailurePrefix: prefix,
      createBoardItem: async () => {
        throw new ApiError(502, 'HTTP 502');
      },
    });
    await expect(runSubmission(silent.d)).rejects.toMatchObject({ message: prefix });
  });

  it('only warns when the clips cannot be requested', async () => {
    const { d } = deps(completeValues(), {
      processSocialClips: async () => {
        throw new Error('down');
      },
    });
    await expect(runSubmission(d)).resolves.toEqual({ itemId: 'item-1' });
    expect(d.warn).toHaveBeenCalled();
  });
});
