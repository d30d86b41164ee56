import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import {
  addDays,
  buildBoardItemName,
  type CreateBoardItemPayload,
  createDefaultSubmissionForm,
  createDefaultTrackMetadata,
  formSessionResponseSchema,
  type Track,
  uploadResultSchema,
} from '../../src/domain';
import { openStaffApi, signInThroughApi } from './accounts';
import { jpegFile, todayIso, wavFile } from './submission';

export interface ApiSubmission {
  itemId: string;
  itemName: string;
  artistName: string;
  releaseTitle: string;
  trackTitle: string;
  email: string;
  wav: { name: string; buffer: Buffer };
  jpeg: { name: string; buffer: Buffer };
}

async function upload(
  request: APIRequestContext,
  baseURL: string,
  fields: { artistName: string; fileType: 'track' | 'artwork'; sessionId: string },
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const response = await request.post('/api/upload/storage', {
    headers: { origin: baseURL },
    multipart: { ...fields, file },
  });
  if (!response.ok()) throw new Error(`upload failed: ${response.status()} ${await response.text()}`);
  const result = uploadResultSchema.parse(await response.json());
  if (!result.fileId || !result.url || !result.fileName) throw new Error('upload result without a file');
  return { fileId: result.fileId, url: result.url, fileName: result.fileName };
}

/**
 * A submission made the way the browser makes one, through the API: the form session, a real WAV
 * and JPEG uploaded into an upload session, then create-item with a payload that passes every rule
 * (a credited track, a release six months out). Names are unique per call, so a spec finds its own
 * item on a board other specs add to.
 */
export async function createSubmissionThroughApi(
  request: APIRequestContext,
  baseURL: string,
  names: {
    artistName?: string;
    releaseTitle?: string;
    wav?: { name: string; mimeType: string; buffer: Buffer };
    /** The cover's side in pixels (800 by default; stores need 1400 or more). */
    artworkSize?: number;
  } = {},
): Promise<ApiSubmission> {
  const suffix = randomUUID().slice(0, 8);
  const artistName = names.artistName ?? `Harbour Lights ${suffix}`;
  const releaseTitle = names.releaseTitle ?? `Tidewater ${suffix}`;
  const trackTitle = 'Low Tide';
  const email = `board-${suffix}@example.com`;
  const sessionId = `form-e2e-board-${suffix}`;

  const session = await request.get('/api/form-session');
  if (!session.ok()) throw new Error(`form-session failed: ${session.status()}`);
  const { formToken } = formSessionResponseSchema.parse(await session.json());

  // A spec that needs a longer track (the clip picker's) brings its own WAV.
  const wav = names.wav ?? wavFile('low-tide.wav', { seconds: 3, sampleRate: 48_000, bitDepth: 24 });
  const jpeg = await jpegFile('tidewater-cover.jpg', names.artworkSize ?? 800, names.artworkSize ?? 800);
  const audio = await upload(request, baseURL, { artistName, fileType: 'track', sessionId }, wav);
  const artwork = await upload(request, baseURL, { artistName, fileType: 'artwork', sessionId }, jpeg);

  const today = todayIso();
  let n = 0;
  const defaults = createDefaultSubmissionForm(today, () => `id-${++n}`);
  const track: Track = {
    id: 't-0',
    title: trackTitle,
    url: audio.url,
    fileId: audio.fileId,
    fileName: audio.fileName,
    metadata: {
      ...createDefaultTrackMetadata(),
      soloWork: false,
      producers: [
        {
          id: 'c-0',
          firstName: 'Leo',
          surname: 'Park',
          email: 'leo@example.com',
          roles: ['Producer'],
          isFeatured: false,
          isPrimaryArtist: false,
        },
      ],
      productionYear: String(new Date().getFullYear()),
      hasMasterSplit: true,
      masterSplits: [
        { id: 's-1', contributorId: 'c-0', percentage: 60 },
        { id: 's-2', firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', percentage: 40 },
      ],
    },
  };
  const formData = {
    ...defaults,
    firstName: 'Maya',
    surname: 'Rivers',
    email,
    artistName,
    country: 'United Kingdom',
    city: 'London',
    noInstagram: true,
    noTikTok: true,
    releaseTitle,
    primaryGenre: 'Pop',
    subGenre: 'Indie Pop',
    releaseDate: addDays(today, 180),
    uploadType: 'new-music' as const,
    tracks: [track],
    catalogueItems: [],
    distributor: '',
    artwork: artwork.url,
    artworkFileId: artwork.fileId,
    uploadSessionId: sessionId,
  };
  // The browser's File and preview never travel (buildTestPayload in submission-fixtures.ts does the same).
  const {
    artworkFile: _file,
    artworkPreview: _preview,
    ...serialisable
  } = formData as typeof formData & {
    artworkFile?: unknown;
    artworkPreview?: unknown;
  };
  const itemName = buildBoardItemName(artistName, releaseTitle);
  const payload: CreateBoardItemPayload = {
    itemName,
    formData: serialisable,
    additionalData: { audioUrls: audio.url },
    verification: { formToken, honeypot: { website: '', email_confirm: '' } },
  };
  const created = await request.post('/api/board/create-item', {
    headers: { origin: baseURL },
    data: payload,
  });
  if (!created.ok()) throw new Error(`create-item failed: ${created.status()} ${await created.text()}`);
  const body = (await created.json()) as { data: { itemId: string } };
  return {
    itemId: body.data.itemId,
    itemName,
    artistName,
    releaseTitle,
    trackTitle,
    email,
    wav: { name: wav.name, buffer: wav.buffer },
    jpeg: { name: jpeg.name, buffer: jpeg.buffer },
  };
}

/**
 * A new artist of its own with one submission, so reruns and parallel runs never share one: the
 * request context signs in as a fresh address (`<prefix>.<time>.<random>@example.com`) and
 * submits through the API. A page's `page.request` shares the browser's cookies, so the page is
 * then signed in as that artist.
 */
export async function newArtistWithSubmission(
  request: APIRequestContext,
  baseURL: string,
  prefix: string,
  options: Parameters<typeof createSubmissionThroughApi>[2] = {},
): Promise<ApiSubmission> {
  const email = `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  await signInThroughApi(request, baseURL, email);
  return createSubmissionThroughApi(request, baseURL, options);
}

/**
 * Staff move a submission to `status` through `staff`, their API (e.g. in progress, which opens its
 * release details).
 */
export async function setStatus(
  staff: APIRequestContext,
  baseURL: string,
  itemId: string,
  status: string,
): Promise<void> {
  const response = await staff.post(`/api/board/items/${itemId}/status`, {
    data: { status },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** `setStatus` through a staff API context of its own. */
export async function setStatusAsStaff(baseURL: string, itemId: string, status: string): Promise<void> {
  const staff = await openStaffApi(baseURL);
  await setStatus(staff, baseURL, itemId, status);
  await staff.dispose();
}
