import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { createWaveformMeter, createWavPcmDecoder, type WaveformMeter } from '../../domain';
import { uploads } from '../db/schema';
import { defineJob } from './define-job';
import { PermanentJobError } from './queue';

/**
 * `media.audio-peaks` (issue 20 §5): a track's waveform for the board's preview, computed once
 * from the stored WAV as it streams from storage (never held whole: an 86 MB master decodes a
 * chunk at a time) and kept on the upload's row (`uploads.audio_peaks`, ~120 numbers), so a staff
 * browser never decodes audio to draw it. Enqueued per track when a submission arrives and when a
 * resubmission replaces a track's audio; a file already measured is left alone.
 */
export const computeAudioPeaksJob = defineJob({
  name: 'media.audio-peaks',
  payload: z.object({ uploadId: z.uuid() }),
  async handle({ uploadId }, { db, providers: { storage } }) {
    const [row] = await db
      .select({
        status: uploads.status,
        storageKey: uploads.storageKey,
        size: uploads.originalSize,
        peaks: uploads.audioPeaks,
      })
      .from(uploads)
      .where(eq(uploads.id, uploadId));
    if (row?.status !== 'ready' || row.peaks) return; // removed since, or done already
    const decoder = createWavPcmDecoder({ totalSize: row.size });
    let meter: WaveformMeter | undefined;
    for await (const chunk of await storage.get(row.storageKey)) {
      const pushed = decoder.push(chunk as Uint8Array);
      if (!pushed.ok) throw new PermanentJobError(pushed.reason);
      if (!meter && pushed.header) {
        meter = createWaveformMeter(Math.floor(pushed.header.dataBytes / pushed.header.blockAlign));
      }
      if (meter && pushed.samples.length > 0) meter.push(pushed.samples);
    }
    const end = decoder.end();
    if (!end.ok) throw new PermanentJobError(end.reason);
    const peaks = (meter ?? createWaveformMeter(end.frames)).peaks();
    await db.update(uploads).set({ audioPeaks: peaks }).where(eq(uploads.id, uploadId));
  },
});
