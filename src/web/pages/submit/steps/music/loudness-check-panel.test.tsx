import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  LOUDNESS_ADVICE_CLIPPING,
  LOUDNESS_ADVICE_TRUE_PEAK,
  LOUDNESS_NO_ADVICE,
  type LoudnessMeasurement,
} from '../../../../../domain';
import { LoudnessCheckPanel } from './loudness-check-panel';

/**
 * How the level check shows, given what the worker would report: the check itself
 * runs in a real browser in e2e/submit/loudness-check.spec.ts.
 */
const measurement: LoudnessMeasurement = {
  integratedLufs: -14.04,
  truePeakDbtp: -13.98,
  samplePeakDbfs: -14,
  clippedSamples: 0,
  leadingSilenceSeconds: 0,
  trailingSilenceSeconds: 0,
  durationSeconds: 31,
};
const waveform = { peaks: [20, 20], durationSeconds: 31 };

describe('LoudnessCheckPanel', () => {
  it('shows nothing without a file', () => {
    const { container } = render(<LoudnessCheckPanel state={null} trackName="Night Drive" />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the progress with a named bar while checking, and an empty live region', () => {
    render(<LoudnessCheckPanel state={{ status: 'checking', fraction: 0.427 }} trackName="Night Drive" />);
    expect(screen.getByText('Checking levels… 42%')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Level check of Night Drive' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(document.querySelector('[aria-live="polite"]')?.innerHTML).toBe('');
  });

  it('shows good levels with the figures, in the live region, without interrupting', () => {
    render(
      <LoudnessCheckPanel
        state={{ status: 'done', outcome: { ok: true, measurement, advice: [], complete: true, waveform } }}
        trackName="Night Drive"
      />,
    );
    const note = screen.getByRole('note', { name: 'Level check of Night Drive' });
    expect(note.closest('[aria-live="polite"]')).not.toBeNull();
    expect(note.textContent).toContain(LOUDNESS_NO_ADVICE);
    expect(note.textContent).toContain('Loudness −14.0 LUFS · true peak −14.0 dBTP');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('lists each finding with its advice, and says it is advice only', () => {
    render(
      <LoudnessCheckPanel
        state={{
          status: 'done',
          outcome: {
            ok: true,
            measurement: { ...measurement, integratedLufs: -2.5, truePeakDbtp: 1.3, clippedSamples: 5400 },
            advice: [
              {
                kind: 'clipping',
                finding: 'The master clips: 5,400 samples are cut flat.',
                advice: LOUDNESS_ADVICE_CLIPPING,
              },
              {
                kind: 'true-peak',
                finding: 'The true peak is +1.3 dBTP, above −1.0 dBTP.',
                advice: LOUDNESS_ADVICE_TRUE_PEAK,
              },
            ],
            complete: true,
            waveform,
          },
        }}
        trackName="Night Drive"
      />,
    );
    const note = screen.getByRole('note', { name: 'Level check of Night Drive' });
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `The master clips: 5,400 samples are cut flat.${LOUDNESS_ADVICE_CLIPPING}`,
      `The true peak is +1.3 dBTP, above −1.0 dBTP.${LOUDNESS_ADVICE_TRUE_PEAK}`,
    ]);
    expect(note.textContent).toContain('Loudness −2.5 LUFS · true peak +1.3 dBTP');
    expect(note.textContent).toContain('This is advice only: you can send the file as it is.');
    expect(note.textContent).not.toContain(LOUDNESS_NO_ADVICE);
  });

  it('says when the file could not be measured, quietly', () => {
    render(
      <LoudnessCheckPanel
        state={{
          status: 'done',
          outcome: { ok: false, reason: 'The WAV file ended before its header could be read' },
        }}
        trackName="Night Drive"
      />,
    );
    expect(
      screen.getByText('Levels not checked: The WAV file ended before its header could be read.'),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
