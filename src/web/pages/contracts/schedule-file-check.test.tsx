import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSha256, type ReleaseScheduleContent } from '../../../domain';
import { ScheduleFileCheck } from './schedule-file-check';

/** jsdom's Blob has no arrayBuffer(); its FileReader reads one, as a browser's Blob would answer. */
function readWithFileReader(this: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(this);
  });
}
const hadArrayBuffer = 'arrayBuffer' in Blob.prototype;
beforeAll(() => {
  if (!hadArrayBuffer)
    Object.defineProperty(Blob.prototype, 'arrayBuffer', { value: readWithFileReader, configurable: true });
});
afterAll(() => {
  if (!hadArrayBuffer) Reflect.deleteProperty(Blob.prototype, 'arrayBuffer');
});

const hex = (bytes: Uint8Array) => {
  const hash = createSha256();
  hash.update(bytes);
  return hash.hex();
};

// Over one 4 MB slice, so the file is hashed in pieces.
const master = new Uint8Array(4 * 1024 * 1024 + 1000).map((_, i) => (i * 31) % 251);
const cover = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

const content: ReleaseScheduleContent = {
  releaseTitle: 'Tidewater',
  releaseType: 'single',
  releaseDate: '2027-05-25',
  artwork: { uploadId: 'a', fileName: 'cover.jpg', sha256: hex(cover) },
  tracks: [
    {
      position: 1,
      title: 'Low Tide',
      isrc: null,
      contributors: [],
      splits: [],
      audio: { uploadId: 'b', fileName: 'low-tide.wav', sha256: hex(master) },
    },
  ],
};

describe('ScheduleFileCheck', () => {
  it('says which approved file a chosen or dropped file is, and when it is none', async () => {
    render(<ScheduleFileCheck content={content} />);
    expect(screen.getByText('Drop or choose the file you want to check.')).toBeTruthy();

    await userEvent.upload(screen.getByLabelText('File to check'), new File([master], 'low-tide.wav'));
    expect(await screen.findByText('Match: this is the approved Low Tide audio.')).toBeTruthy();
    expect(screen.getByText(hex(master))).toBeTruthy();

    const zone = screen.getByTestId('schedule-drop-zone');
    fireEvent.drop(zone, { dataTransfer: { files: [new File([cover], 'cover.jpg')] } });
    expect(await screen.findByText('Match: this is the approved artwork.')).toBeTruthy();

    const other = new Uint8Array([1, 2, 3, 4]);
    fireEvent.drop(zone, { dataTransfer: { files: [new File([other], 'other.wav')] } });
    expect(
      await screen.findByText('No match: this file is not one of the files approved in this schedule.'),
    ).toBeTruthy();
    expect(screen.getByText(hex(other))).toBeTruthy();
    expect(screen.getByText('other.wav')).toBeTruthy();
  });
});
