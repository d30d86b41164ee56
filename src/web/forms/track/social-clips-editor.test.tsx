import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createDefaultTrackMetadata, type SocialClip } from '../../../domain';
import type { PickerClip, WaveformClipPickerProps } from '../../components/waveform-clip-picker';
import { renderInForm } from '../../test/render-form';
import type { SubmitFormValues } from '../form-values';
import { type ClipAudio, SocialClipsEditor } from './social-clips-editor';

/**
 * How the clips editor and the waveform keep one state. wavesurfer.js draws on a
 * canvas jsdom does not have, so its wrapper is stood in for by one that shows the regions it was
 * given and reports a drag the way the real one does (`onChange` in whole seconds); the real
 * picker is driven with the mouse and the keyboard in e2e/artist/clip-picker.spec.ts.
 */
vi.mock('../../components/waveform-clip-picker', () => ({
  default: ({ clips, onChange, waveform }: WaveformClipPickerProps) => (
    <div data-testid="picker" data-duration={waveform.durationSeconds}>
      {clips.map((clip: PickerClip) => (
        <p key={clip.id} data-testid={`region-${clip.number}`}>
          {clip.region ? `${clip.region.start}-${clip.region.end}` : 'none'}
        </p>
      ))}
      <button type="button" onClick={() => onChange(clips[0]?.id ?? '', { start: 45, end: 85 })}>
        Drag clip 1 to 45-85
      </button>
    </div>
  ),
}));

const clip = (id: string, startTime: string, endTime: string): SocialClip => ({
  id,
  startTime,
  endTime,
  status: 'Ready',
});

function renderEditor(
  audio: ClipAudio | undefined,
  socialClips: SocialClip[] = [clip('c1', '00:00', '00:30')],
) {
  const metadata = { ...createDefaultTrackMetadata(), socialClipsEnabled: true, socialClips };
  const values: Partial<SubmitFormValues> = { tracks: [{ id: 't1', title: 'Song', metadata }] };
  const result = renderInForm(<SocialClipsEditor trackIndex={0} audio={audio} />, { values });
  const clipsOf = () => result.getForm().getValues('tracks.0.metadata.socialClips');
  return { ...result, clipsOf };
}

const waveform = { peaks: Array.from({ length: 1000 }, (_, i) => i % 100), durationSeconds: 200.5 };
const audio = (change: Partial<ClipAudio> = {}): ClipAudio => ({
  waveform,
  missing: 'No waveform yet.',
  url: '/files/a?signature=s',
  trackName: 'Song',
  ...change,
});

describe('SocialClipsEditor with the waveform', () => {
  it('gives the picker a region per clip from the mm:ss fields, and follows what is typed', async () => {
    renderEditor(audio(), [clip('c1', '00:00', '00:30'), clip('c2', '01:10', '01:50')]);
    expect((await screen.findByTestId('picker')).getAttribute('data-duration')).toBe('200.5');
    expect(screen.getByTestId('region-1').textContent).toBe('0-30');
    expect(screen.getByTestId('region-2').textContent).toBe('70-110');

    const ends = screen.getAllByRole('textbox', { name: /End \(mm:ss\)/ });
    fireEvent.change(ends[0] as HTMLElement, { target: { value: '00:45' } });
    expect(screen.getByTestId('region-1').textContent).toBe('0-45');
    // Half-typed: the region is not drawn until the time reads again.
    fireEvent.change(ends[1] as HTMLElement, { target: { value: '01:' } });
    expect(screen.getByTestId('region-2').textContent).toBe('none');
    fireEvent.change(ends[1] as HTMLElement, { target: { value: '01:40' } });
    expect(screen.getByTestId('region-2').textContent).toBe('70-100');
  });

  it('writes a region moved on the waveform into the fields as mm:ss', async () => {
    const { clipsOf } = renderEditor(audio());
    fireEvent.click(await screen.findByRole('button', { name: 'Drag clip 1 to 45-85' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /Start \(mm:ss\)/ }) as HTMLInputElement).value).toBe(
        '00:45',
      ),
    );
    expect((screen.getByRole('textbox', { name: /End \(mm:ss\)/ }) as HTMLInputElement).value).toBe('01:25');
    expect(screen.getByText('Length: 40 seconds')).toBeTruthy();
    expect(clipsOf()).toEqual([{ ...clip('c1', '00:45', '01:25') }]);
    expect(screen.getByTestId('region-1').textContent).toBe('45-85');
  });

  it('adds and removes regions with the clips', async () => {
    renderEditor(audio());
    await screen.findByTestId('picker');
    fireEvent.click(screen.getByRole('button', { name: 'Add clip' }));
    expect(screen.getByTestId('region-2').textContent).toBe('0-30');
    fireEvent.click(screen.getByRole('button', { name: 'Remove clip 1' }));
    expect(screen.getByTestId('region-1')).toBeTruthy();
    expect(screen.queryByTestId('region-2')).toBeNull();
  });
});

describe('SocialClipsEditor without a waveform', () => {
  it('says why beside the fields, which still work', () => {
    const { clipsOf } = renderEditor(audio({ waveform: null, missing: 'The waveform appears later.' }));
    expect(screen.getByTestId('clip-waveform-missing').textContent).toBe('The waveform appears later.');
    expect(screen.queryByTestId('picker')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /Start \(mm:ss\)/ }), {
      target: { value: '00:20' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /End \(mm:ss\)/ }), { target: { value: '01:00' } });
    expect(clipsOf()).toEqual([clip('c1', '00:20', '01:00')]);
  });

  it('takes an empty waveform for none, and shows nothing of it where no audio is given', () => {
    renderEditor(audio({ waveform: { peaks: [], durationSeconds: 0 } }));
    expect(screen.getByTestId('clip-waveform-missing').textContent).toBe('No waveform yet.');
    renderEditor(undefined);
    expect(screen.getAllByTestId('clip-waveform-missing')).toHaveLength(1);
  });
});
