import { eq } from 'drizzle-orm';
import {
  createWaveformMeter,
  createWavPcmDecoder,
  PICKER_WAVEFORM_BARS,
  WAVEFORM_BARS,
  type WaveformMeter,
} from '../../domain';
import { uploads } from '../db/schema';
import { defineJob } from './define-job';
import { jobPayloads } from './job-names';
import { PermanentJobError } from './queue';

/**
 * `media.audio-peaks`: a track's waveform, computed once from the
 * stored WAV as it streams from storage (never held whole: an 86 MB master decodes a chunk at a
 * time) and kept on the upload's row, so no browser decodes audio to draw it. One pass fills two
 * columns: `audio_peaks`, the board preview's 120 bars, and `audio_waveform`, the clip picker's
 * 1000 bars with the duration (served to the artist's release details and to staff). Both are
 * measured from the samples rather than one cut down from the other, so each bar is exactly its
 * slice's peak. Enqueued per track when a submission arrives and when a resubmission replaces a
 * track's audio; a file already measured is left alone, and one measured before the picker
 * existed gets its picker waveform the next time the job runs for it.
 */
export const computeAudioPeaksJob = defineJob({
  name: 'media.audio-peaks',
  payload: jobPayloads['media.audio-peaks'],
  async handle({ uploadId }, { db, providers: { storage } }) {
    const [row] = await db
      .select({
        status: uploads.status,
        storageKey: uploads.storageKey,
        size: uploads.originalSize,
        peaks: uploads.audioPeaks,
        waveform: uploads.audioWaveform,
      })
      .from(uploads)
      .where(eq(uploads.id, uploadId));
    if (row?.status !== 'ready' || (row.peaks && row.waveform)) return; // removed since, or done already
    const decoder = createWavPcmDecoder({ totalSize: row.size });
    let meters: { board: WaveformMeter; picker: WaveformMeter } | undefined;
    for await (const chunk of await storage.get(row.storageKey)) {
      const pushed = decoder.push(chunk as Uint8Array);
      if (!pushed.ok) throw new PermanentJobError(pushed.reason);
      if (!meters && pushed.header) {
        const frames = Math.floor(pushed.header.dataBytes / pushed.header.blockAlign);
        meters = {
          board: createWaveformMeter(frames, WAVEFORM_BARS),
          picker: createWaveformMeter(frames, PICKER_WAVEFORM_BARS),
        };
      }
      if (meters && pushed.samples.length > 0) {
        meters.board.push(pushed.samples);
        meters.picker.push(pushed.samples);
      }
    }
    const end = decoder.end();
    if (!end.ok) throw new PermanentJobError(end.reason);
    const board = meters?.board ?? createWaveformMeter(end.frames, WAVEFORM_BARS);
    const picker = meters?.picker ?? createWaveformMeter(end.frames, PICKER_WAVEFORM_BARS);
    await db
      .update(uploads)
      .set({
        audioPeaks: board.peaks(),
        audioWaveform: { peaks: picker.peaks(), durationSeconds: end.expectedFrames / end.header.sampleRate },
      })
      .where(eq(uploads.id, uploadId));
  },
});
