import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  addDays,
  buildBoardItemName,
  type CatalogueItem,
  type CreateBoardItemPayload,
  createDefaultSubmissionForm,
  createDefaultTrackMetadata,
  getIsoDateOfInstant,
  type SocialClip,
  type Track,
  uploadResultSchema,
} from '../../domain';
import { issueFormToken } from '../services/submissions/form-token';
import { makeJpeg, makeWav } from './media-fixtures';
import { multipartBody } from './multipart';

/**
 * Submissions for server tests, made the way the browser makes them: files go through the real
 * upload route into an upload session, then the payload names them by id.
 */

export interface UploadedTestFile {
  fileId: string;
  url: string;
  fileName: string;
  bytes: Buffer;
}

export async function uploadTestFile(
  app: FastifyInstance,
  options: { sessionId: string; fileType: 'track' | 'artwork'; name: string; type: string; body: Buffer },
): Promise<UploadedTestFile> {
  const { contentType, body } = multipartBody([
    { field: 'artistName', value: 'Maya Rivers' },
    { field: 'fileType', value: options.fileType },
    { field: 'sessionId', value: options.sessionId },
    { name: options.name, type: options.type, body: options.body },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: `/api/upload/storage?_t=${Date.now()}`,
    headers: { 'content-type': contentType, origin: app.config.publicUrl },
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  const result = uploadResultSchema.parse(response.json());
  if (!result.fileId || !result.url || !result.fileName) throw new Error('upload result without a file');
  return { fileId: result.fileId, url: result.url, fileName: result.fileName, bytes: options.body };
}

/**
 * A file uploaded through the standard route in an upload session of its own, as `as` uploads it
 * (its session cookie; a visitor without one): the stored file's id.
 */
export async function uploadFileAs(
  app: FastifyInstance,
  as: { cookie: string } | null | undefined,
  file: { name: string; type: string; body: Buffer },
  fileType: 'artwork' | 'track',
  artistName = 'Maya Rivers',
): Promise<string> {
  const { contentType, body } = multipartBody([
    { field: 'artistName', value: artistName },
    { field: 'fileType', value: fileType },
    { field: 'sessionId', value: newSessionIdForTest() },
    file,
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/upload/storage',
    headers: {
      'content-type': contentType,
      origin: app.config.publicUrl,
      ...(as ? { cookie: as.cookie } : {}),
    },
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().fileId as string;
}

/** A form token as if the form had been opened `secondsAgo` seconds ago. */
export function formTokenOpenedAgo(app: FastifyInstance, secondsAgo = 60): string {
  return issueFormToken(app.signingKey, Date.now() - secondsAgo * 1000);
}

export interface TestTrackInput {
  file: UploadedTestFile;
  title: string;
  clips?: Pick<SocialClip, 'startTime' | 'endTime'>[];
  split?: boolean;
}

/** A payload that passes every rule: a release six months out, each track solo or credited. */
export function buildTestPayload(
  app: FastifyInstance,
  options: {
    sessionId: string;
    tracks: TestTrackInput[];
    artwork?: UploadedTestFile;
    uploadType?: 'new-music' | 'transfer' | 'both';
    catalogueItems?: CatalogueItem[];
    email?: string;
  },
): CreateBoardItemPayload {
  const today = getIsoDateOfInstant(new Date());
  let n = 0;
  const defaults = createDefaultSubmissionForm(today, () => `id-${++n}`);
  const tracks: Track[] = options.tracks.map((input, index) => {
    const contributor = {
      id: `c-${index}`,
      firstName: 'Leo',
      surname: 'Park',
      email: 'leo@example.com',
      roles: ['Producer' as const],
      isFeatured: false,
      isPrimaryArtist: false,
    };
    const clips = input.clips ?? [];
    return {
      id: `t-${index}`,
      title: input.title,
      url: input.file.url,
      fileId: input.file.fileId,
      fileName: input.file.fileName,
      metadata: {
        ...createDefaultTrackMetadata(),
        soloWork: false,
        producers: [contributor],
        productionYear: String(new Date().getFullYear()),
        hasMasterSplit: input.split ?? false,
        masterSplits: input.split
          ? [
              { id: `s-${index}-1`, contributorId: contributor.id, percentage: 60 },
              {
                id: `s-${index}-2`,
                firstName: 'Ana',
                lastName: 'Ruiz',
                email: 'ana@example.com',
                percentage: 40,
              },
            ]
          : [],
        socialClipsEnabled: clips.length > 0,
        socialClips: clips.map((clip, c) => ({ id: `clip-${index}-${c}`, status: 'Ready', ...clip })),
      },
    };
  });
  const uploadType = options.uploadType ?? 'new-music';
  const formData = {
    ...defaults,
    firstName: 'Maya',
    surname: 'Rivers',
    email: options.email ?? 'maya@example.com',
    artistName: 'Maya Rivers',
    country: 'United Kingdom',
    city: 'London',
    noInstagram: true,
    noTikTok: true,
    releaseTitle: 'First Light',
    primaryGenre: 'Pop',
    subGenre: 'Indie Pop',
    releaseDate: addDays(today, 180),
    uploadType,
    tracks,
    catalogueItems: options.catalogueItems ?? [],
    distributor: uploadType === 'new-music' ? '' : 'DistroKid',
    ...(options.artwork ? { artwork: options.artwork.url, artworkFileId: options.artwork.fileId } : {}),
    uploadSessionId: options.sessionId,
  };
  const {
    artworkFile: _file,
    artworkPreview: _preview,
    ...serialisable
  } = formData as typeof formData & {
    artworkFile?: unknown;
    artworkPreview?: unknown;
  };
  return {
    itemName: buildBoardItemName(formData.artistName, formData.releaseTitle),
    formData: serialisable,
    additionalData: { audioUrls: tracks.map((t) => t.url).join(',') },
    verification: { formToken: formTokenOpenedAgo(app), honeypot: { website: '', email_confirm: '' } },
  };
}

export function newSessionIdForTest(): string {
  return `form-${randomUUID()}`;
}

/** Uploads `trackCount` WAVs (1 s each, different pitches) and a JPEG, and builds their payload. */
export async function prepareTestSubmission(
  app: FastifyInstance,
  options: {
    trackCount?: number;
    seconds?: number;
    clips?: TestTrackInput['clips'];
    split?: boolean;
    /** The artwork's side in pixels (600 by default; stores need 1400 or more). */
    artworkSize?: number;
  } = {},
) {
  const sessionId = newSessionIdForTest();
  const files: UploadedTestFile[] = [];
  for (let i = 0; i < (options.trackCount ?? 1); i++) {
    files.push(
      await uploadTestFile(app, {
        sessionId,
        fileType: 'track',
        name: `Song ${i + 1}.wav`,
        type: 'audio/wav',
        body: makeWav({ seconds: options.seconds ?? 1, frequency: 440 + 110 * i }),
      }),
    );
  }
  const artwork = await uploadTestFile(app, {
    sessionId,
    fileType: 'artwork',
    name: 'cover.jpg',
    type: 'image/jpeg',
    body: await makeJpeg({ width: options.artworkSize ?? 600, height: options.artworkSize ?? 600 }),
  });
  const payload = buildTestPayload(app, {
    sessionId,
    artwork,
    tracks: files.map((file, i) => ({
      file,
      title: `Song ${i + 1}`,
      ...(options.clips && i === 0 ? { clips: options.clips } : {}),
      ...(options.split ? { split: true } : {}),
    })),
  });
  return { sessionId, files, artwork, payload };
}

export async function postSubmission(
  app: FastifyInstance,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/board/create-item',
    headers: { origin: app.config.publicUrl, ...headers },
    payload: payload as Record<string, unknown>,
  });
}

/** A submission made through the real form path while `as` (a signed-in artist's cookie) is signed in, so it is theirs. */
export async function submitSignedIn(
  app: FastifyInstance,
  as: { cookie: string },
  options: Parameters<typeof prepareTestSubmission>[1] = {},
) {
  const prepared = await prepareTestSubmission(app, options);
  const response = await postSubmission(app, prepared.payload, { cookie: as.cookie });
  if (response.statusCode !== 200)
    throw new Error(`create-item failed: ${response.statusCode} ${response.body}`);
  return { ...prepared, itemId: response.json().data.itemId as string };
}

/** Runs the job queue until nothing is due. */
export async function runDueJobs(app: FastifyInstance): Promise<void> {
  while (await app.jobs.runOnce()) {}
}
