import { describe, expect, it } from 'vitest';
import { buildMultipartBody } from './multipart';

describe('the multipart body of the standard upload', () => {
  it('reads back as the fields and the file, fields first', async () => {
    const content = new Blob([new Uint8Array([82, 73, 70, 70, 0, 1, 2, 255])], { type: 'audio/wav' });
    const { contentType, body, fileOffset } = buildMultipartBody(
      { artistName: 'Maya Rivers', fileType: 'track', trackTitle: 'Été à Paris', releaseTitle: undefined },
      { field: 'file', name: 'Été "live".wav', type: 'audio/wav', content },
    );
    expect(contentType).toMatch(/^multipart\/form-data; boundary=----ImprintUpload[0-9a-f]{32}$/);
    expect(body.size).toBe(fileOffset + content.size + `\r\n--${contentType.split('=')[1]}--\r\n`.length);

    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    expect([...form.keys()]).toEqual(['artistName', 'fileType', 'trackTitle', 'file']);
    expect(form.get('trackTitle')).toBe('Été à Paris');
    const file = form.get('file');
    if (!(file instanceof File)) throw new Error('the file part did not read back as a file');
    // Sent as %22, as browsers do; a parser following the HTML standard turns it back into a quote.
    expect(file.name).toBe('Été "live".wav');
    expect(file.type).toBe('audio/wav');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([82, 73, 70, 70, 0, 1, 2, 255]));
  });

  it('gives an untyped file the generic binary type', async () => {
    const { body, contentType } = buildMultipartBody(
      {},
      { field: 'file', name: 'a.wav', type: '', content: new Blob(['x']) },
      'b',
    );
    expect(contentType).toBe('multipart/form-data; boundary=b');
    expect(await body.text()).toBe(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n' +
        'Content-Type: application/octet-stream\r\n\r\nx\r\n--b--\r\n',
    );
  });
});
