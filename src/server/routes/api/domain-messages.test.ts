import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADD_CATALOGUE_ITEM,
  ADD_CATALOGUE_ITEM_STEP,
  addDays,
  BOT_CHECK_FAILED,
  type CreateBoardItemPayload,
  formatLongDate,
  getIsoDateOfInstant,
  INVALID_EMAIL_MESSAGE,
  LISTEN_LINK_REQUIRED,
  RELEASE_TITLE_REQUIRED,
} from '../../../domain';
import * as adminMessages from '../../../domain/admin/messages';
import * as artistMessages from '../../../domain/artist/messages';
import * as commonMessages from '../../../domain/common/messages';
import * as contributorMessages from '../../../domain/contributors/messages';
import { getMaxProductionYear, MIN_PRODUCTION_YEAR } from '../../../domain/contributors/production-year';
import * as fileMessages from '../../../domain/files/messages';
import * as musicMessages from '../../../domain/music/messages';
import * as paginationMessages from '../../../domain/pagination/messages';
import * as spotifyMessages from '../../../domain/spotify/messages';
import * as transferMessages from '../../../domain/transfer/messages';
import { multipartBody } from '../../test/multipart';
import { type SignedIn, signInStaff } from '../../test/sign-in';
import { buildTestPayload, newSessionIdForTest, type UploadedTestFile } from '../../test/submission-fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';
import { SPOTIFY_REQUESTS_PER_MINUTE } from './spotify';

/**
 * A field left out or sent wrong is answered in the words of src/domain, never a
 * validation library's; and every validation message of the spec's form (the message modules
 * below) can actually be met through the API, or is listed as the browser's own with the reason.
 */
let ctx: TestContext;
let staff: SignedIn;
let nextIp = 1;
/** Every request from its own network: the per-IP limits must not decide what a test sees. */
const freshIp = () => `192.0.2.${nextIp++ % 250}`;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaff(ctx.app, ctx.database.db, 'curator@label.example');
});
afterAll(async () => ctx.close());

interface Answer {
  status: number;
  /** The top-level message and every message in `details`. */
  messages: string[];
  body: string;
}

function messagesOf(body: string): string[] {
  const parsed = JSON.parse(body) as { error?: unknown; details?: unknown };
  const messages: string[] = [];
  if (typeof parsed.error === 'string') messages.push(parsed.error);
  if (Array.isArray(parsed.details)) {
    for (const detail of parsed.details) {
      const message = (detail as { message?: unknown })?.message;
      if (typeof message === 'string') messages.push(message);
    }
  }
  if (typeof parsed.details === 'string') messages.push(...parsed.details.split('; '));
  return messages;
}

async function send(options: {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}): Promise<Answer> {
  const response = await ctx.app.inject({
    method: options.method,
    url: options.url,
    headers: { origin: ctx.config.publicUrl, ...options.headers },
    remoteAddress: options.remoteAddress ?? freshIp(),
    ...(options.payload === undefined
      ? {}
      : {
          payload:
            typeof options.payload === 'string' || Buffer.isBuffer(options.payload)
              ? options.payload
              : (options.payload as Record<string, unknown>),
        }),
  });
  return { status: response.statusCode, messages: messagesOf(response.body), body: response.body };
}

const today = () => getIsoDateOfInstant(new Date());
const fakeFile = (name: string): UploadedTestFile => ({
  fileId: `not-uploaded-${name}`,
  url: `/files/not-uploaded-${name}`,
  fileName: name,
  bytes: Buffer.alloc(0),
});

/**
 * A submission that passes every rule of the form; each scenario breaks one thing. Its files are
 * never uploaded: the rules run before the uploads are looked up, so the rules' messages come first.
 */
function basePayload(): CreateBoardItemPayload {
  return buildTestPayload(ctx.app, {
    sessionId: newSessionIdForTest(),
    tracks: [{ file: fakeFile('song-1.wav'), title: 'Song 1' }],
  });
}

type FormData = Record<string, unknown> & { tracks?: Record<string, unknown>[] };

/** create-item with the base payload's form changed by `change` (which may delete fields). */
function createItem(change: (form: FormData) => void): () => Promise<Answer> {
  return () => {
    const payload = basePayload();
    const form = structuredClone(payload.formData) as unknown as FormData;
    change(form);
    return send({ method: 'POST', url: '/api/board/create-item', payload: { ...payload, formData: form } });
  };
}

const firstTrackMetadata = (form: FormData) => form.tracks?.[0]?.metadata as Record<string, unknown>;

function singlesFirst(form: FormData, singleDate: string, fullReleaseDate: string) {
  form.releaseStrategy = 'singles_first';
  Object.assign(form.tracks?.[0] ?? {}, {
    releaseAsSingle: true,
    singleReleaseDate: singleDate,
    singleOrder: 1,
  });
  form.fullReleaseDate = fullReleaseDate;
}

const waitingListEntry = {
  firstName: 'Ada',
  surname: 'Lane',
  artistName: 'Nova Lane',
  email: 'ada@example.com',
  country: 'Ireland',
  city: 'Cork',
  listenLink: 'https://soundcloud.com/novalane/tide',
};

function joinWaitingList(artistData: Record<string, unknown> | undefined): () => Promise<Answer> {
  return () =>
    send({
      method: 'POST',
      url: '/api/waiting-list',
      payload: artistData === undefined ? {} : { artistData },
    });
}

function verifyArtist(payload: unknown): () => Promise<Answer> {
  return () => send({ method: 'POST', url: '/api/spotify/verify/artist', payload });
}

function generateUploadUrl(file: Record<string, unknown>): () => Promise<Answer> {
  return () =>
    send({
      method: 'POST',
      url: '/api/storage/generate-upload-url',
      payload: { artistName: 'Maya Rivers', fileType: 'track', contentType: 'audio/wav', ...file },
    });
}

function standardUpload(parts: Parameters<typeof multipartBody>[0]): () => Promise<Answer> {
  return async () => {
    const { contentType, body } = multipartBody(parts);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return send({
      method: 'POST',
      url: '/api/upload/storage',
      headers: { 'content-type': contentType },
      payload: Buffer.concat(chunks),
    });
  };
}

const wavPart = { name: 'song.wav', type: 'audio/wav', body: Buffer.from('RIFF') };

interface Scenario {
  /** The message the request must be answered with (as `error` or in `details`). */
  expected: string;
  request: () => Promise<Answer>;
}

const in30Weeks = () => addDays(today(), 210);

/** Every message of the modules below that the server answers, and a request that meets it. */
const reachable: Record<string, () => Scenario> = {
  // artist/messages.ts
  INCLUDE_INSTAGRAM_HOST: () => ({
    expected: artistMessages.INCLUDE_INSTAGRAM_HOST,
    request: createItem((form) => {
      form.noInstagram = false;
      form.instagramProfile = 'https://example.com/maya';
    }),
  }),
  INCLUDE_TIKTOK_HOST: () => ({
    expected: artistMessages.INCLUDE_TIKTOK_HOST,
    request: createItem((form) => {
      form.noTikTok = false;
      form.tiktokProfile = '@maya';
    }),
  }),
  ARTIST_STEP_REQUIRED_FIELDS: () => ({
    expected: artistMessages.ARTIST_STEP_REQUIRED_FIELDS,
    request: createItem((form) => {
      delete form.artistName;
    }),
  }),
  ARTIST_STEP_INVALID_EMAIL: () => ({
    expected: artistMessages.ARTIST_STEP_INVALID_EMAIL,
    request: createItem((form) => {
      form.email = 'maya.example.com';
    }),
  }),
  LISTEN_LINK_REQUIRED: () => ({
    expected: artistMessages.LISTEN_LINK_REQUIRED,
    request: joinWaitingList({ ...waitingListEntry, listenLink: undefined }),
  }),
  INSTAGRAM_REQUIRED: () => ({
    expected: artistMessages.INSTAGRAM_REQUIRED,
    request: createItem((form) => {
      delete form.noInstagram;
      delete form.instagramProfile;
    }),
  }),
  TIKTOK_REQUIRED: () => ({
    expected: artistMessages.TIKTOK_REQUIRED,
    request: createItem((form) => {
      form.noTikTok = null;
    }),
  }),
  formatMissingFieldsAlert: () => ({
    expected: artistMessages.formatMissingFieldsAlert([
      'First Name',
      'Surname',
      'Email',
      'Artist Name',
      'Country',
      'City',
    ]),
    request: joinWaitingList(undefined),
  }),
  // common/messages.ts
  FIRST_NAME_REQUIRED: () => ({
    expected: commonMessages.FIRST_NAME_REQUIRED,
    request: createItem((form) => {
      delete form.firstName;
    }),
  }),
  SURNAME_REQUIRED: () => ({
    expected: commonMessages.SURNAME_REQUIRED,
    request: createItem((form) => {
      form.surname = '  ';
    }),
  }),
  EMAIL_REQUIRED: () => ({
    expected: commonMessages.EMAIL_REQUIRED,
    request: createItem((form) => {
      delete form.email;
    }),
  }),
  ARTIST_NAME_REQUIRED: () => ({
    expected: commonMessages.ARTIST_NAME_REQUIRED,
    request: createItem((form) => {
      form.artistName = null;
    }),
  }),
  COUNTRY_REQUIRED: () => ({
    expected: commonMessages.COUNTRY_REQUIRED,
    request: joinWaitingList({ ...waitingListEntry, country: '' }),
  }),
  CITY_REQUIRED: () => ({
    expected: commonMessages.CITY_REQUIRED,
    request: createItem((form) => {
      delete form.city;
    }),
  }),
  // music/messages.ts
  ADD_TRACKS: () => ({
    expected: musicMessages.ADD_TRACKS,
    request: createItem((form) => {
      delete form.tracks;
    }),
  }),
  ADD_TRACKS_STEP: () => ({
    expected: musicMessages.ADD_TRACKS_STEP,
    request: createItem((form) => {
      form.tracks = [];
    }),
  }),
  TRACK_TITLES_REQUIRED: () => ({
    expected: musicMessages.TRACK_TITLES_REQUIRED,
    request: createItem((form) => {
      delete form.tracks?.[0]?.title;
    }),
  }),
  RELEASE_TITLE_REQUIRED: () => ({
    expected: musicMessages.RELEASE_TITLE_REQUIRED,
    request: createItem((form) => {
      delete form.releaseTitle;
    }),
  }),
  PRIMARY_GENRE_REQUIRED: () => ({
    expected: musicMessages.PRIMARY_GENRE_REQUIRED,
    request: createItem((form) => {
      form.primaryGenre = 'Not a genre';
    }),
  }),
  SUB_GENRE_REQUIRED: () => ({
    expected: musicMessages.SUB_GENRE_REQUIRED,
    request: createItem((form) => {
      delete form.subGenre;
    }),
  }),
  RELEASE_DATE_REQUIRED: () => ({
    expected: musicMessages.RELEASE_DATE_REQUIRED,
    request: createItem((form) => {
      delete form.releaseDate;
    }),
  }),
  EARLY_RELEASE_REASON_REQUIRED: () => ({
    expected: musicMessages.EARLY_RELEASE_REASON_REQUIRED,
    request: createItem((form) => {
      form.earlyReleaseRequest = true;
      delete form.earlyReleaseReason;
    }),
  }),
  SELECT_A_SINGLE: () => ({
    expected: musicMessages.SELECT_A_SINGLE,
    request: createItem((form) => {
      form.releaseStrategy = 'singles_first';
    }),
  }),
  FULL_RELEASE_DATE_REQUIRED: () => ({
    expected: musicMessages.FULL_RELEASE_DATE_REQUIRED,
    request: createItem((form) => singlesFirst(form, in30Weeks(), '')),
  }),
  RELEASE_DATE_TOO_SOON: () => ({
    expected: musicMessages.RELEASE_DATE_TOO_SOON,
    request: createItem((form) => {
      form.releaseDate = addDays(today(), 7);
    }),
  }),
  formatTrackNeedsContributors: () => ({
    expected: musicMessages.formatTrackNeedsContributors(1, 'Song 1'),
    request: createItem((form) => {
      delete firstTrackMetadata(form).producers;
    }),
  }),
  formatTrackNeedsProductionYear: () => ({
    expected: musicMessages.formatTrackNeedsProductionYear(1, 'Song 1'),
    request: createItem((form) => {
      delete firstTrackMetadata(form).productionYear;
    }),
  }),
  formatTrackProductionYearOutOfRange: () => ({
    expected: musicMessages.formatTrackProductionYearOutOfRange(
      1,
      'Song 1',
      MIN_PRODUCTION_YEAR,
      getMaxProductionYear(today()),
    ),
    request: createItem((form) => {
      firstTrackMetadata(form).productionYear = '1850';
    }),
  }),
  formatFullReleaseBeforeLastSingle: () => {
    const single = in30Weeks();
    return {
      expected: musicMessages.formatFullReleaseBeforeLastSingle(formatLongDate(single) ?? single),
      request: createItem((form) => singlesFirst(form, single, addDays(single, -1))),
    };
  },
  // transfer/messages.ts
  ADD_CATALOGUE_ITEM: () => ({
    expected: transferMessages.ADD_CATALOGUE_ITEM,
    request: createItem((form) => {
      form.uploadType = 'transfer';
      delete form.catalogueItems;
    }),
  }),
  ADD_CATALOGUE_ITEM_STEP: () => ({
    expected: transferMessages.ADD_CATALOGUE_ITEM_STEP,
    request: createItem((form) => {
      form.uploadType = 'transfer';
      form.catalogueItems = [];
    }),
  }),
  // contributors/messages.ts
  formatMasterSplitsEnabledButEmpty: () => ({
    expected: contributorMessages.formatMasterSplitsEnabledButEmpty('Song 1'),
    request: createItem((form) => {
      firstTrackMetadata(form).hasMasterSplit = true;
      delete firstTrackMetadata(form).masterSplits;
    }),
  }),
  formatSplitMissingFirstName: () => ({
    expected: contributorMessages.formatSplitMissingFirstName(1),
    request: createItem((form) => {
      firstTrackMetadata(form).hasMasterSplit = true;
      firstTrackMetadata(form).masterSplits = [
        { id: 's1', lastName: 'Ruiz', email: 'a@b.co', percentage: 50 },
      ];
    }),
  }),
  formatSplitMissingLastName: () => ({
    expected: contributorMessages.formatSplitMissingLastName(1),
    request: createItem((form) => {
      firstTrackMetadata(form).hasMasterSplit = true;
      firstTrackMetadata(form).masterSplits = [
        { id: 's1', firstName: 'Ana', email: 'a@b.co', percentage: 50 },
      ];
    }),
  }),
  formatSplitMissingEmail: () => ({
    expected: contributorMessages.formatSplitMissingEmail(1),
    request: createItem((form) => {
      firstTrackMetadata(form).hasMasterSplit = true;
      firstTrackMetadata(form).masterSplits = [
        { id: 's1', firstName: 'Ana', lastName: 'Ruiz', percentage: 50 },
      ];
    }),
  }),
  formatSplitInvalidPercentage: () => ({
    expected: contributorMessages.formatSplitInvalidPercentage(1),
    request: createItem((form) => {
      firstTrackMetadata(form).hasMasterSplit = true;
      firstTrackMetadata(form).masterSplits = [{ id: 's1', contributorId: 'c-0' }];
    }),
  }),
  // admin/messages.ts
  ADMIN_INVITE_FIELDS_REQUIRED: () => ({
    expected: adminMessages.ADMIN_INVITE_FIELDS_REQUIRED,
    request: () =>
      send({
        method: 'POST',
        url: '/api/artist-invitations/create',
        headers: staff.headers,
        payload: { artistName: 'Nova Bloom', firstName: 'Nora', email: 'nora@example.com' },
      }),
  }),
  // pagination/messages.ts
  INVALID_LIST_CURSOR: () => ({
    expected: paginationMessages.INVALID_LIST_CURSOR,
    request: () => send({ method: 'GET', url: '/api/board/items?cursor=nonsense', headers: staff.headers }),
  }),
  PAGE_SIZE_OUT_OF_RANGE: () => ({
    expected: paginationMessages.PAGE_SIZE_OUT_OF_RANGE,
    request: () => send({ method: 'GET', url: '/api/board/items?limit=101', headers: staff.headers }),
  }),
  UNKNOWN_LIST_SORT: () => ({
    expected: paginationMessages.UNKNOWN_LIST_SORT,
    // The board has sorts of its own, with their own message (board/messages.ts).
    request: () => send({ method: 'GET', url: '/api/waiting-list?sort=sideways', headers: staff.headers }),
  }),
  // spotify/messages.ts
  SPOTIFY_ARTIST_URL_REQUIRED: () => ({
    expected: spotifyMessages.SPOTIFY_ARTIST_URL_REQUIRED,
    request: verifyArtist({}),
  }),
  SPOTIFY_ARTIST_URL_INVALID: () => ({
    expected: spotifyMessages.SPOTIFY_ARTIST_URL_INVALID,
    request: verifyArtist({ artistUrl: 'https://example.com/artist/1' }),
  }),
  SPOTIFY_PROFILE_NOT_VERIFIED: () => ({
    expected: spotifyMessages.SPOTIFY_PROFILE_NOT_VERIFIED,
    request: verifyArtist({ artistUrl: 'https://open.spotify.com/artist/0000000000000000000000' }),
  }),
  SEARCH_TOO_SHORT: () => ({
    expected: spotifyMessages.SEARCH_TOO_SHORT,
    request: () => send({ method: 'GET', url: '/api/spotify/search/artists?q=a' }),
  }),
  SEARCH_TYPE_INVALID: () => ({
    expected: spotifyMessages.SEARCH_TYPE_INVALID,
    request: () => send({ method: 'GET', url: '/api/spotify/search/music?q=tide&type=podcast' }),
  }),
  SPOTIFY_RATE_LIMITED: () => ({
    expected: spotifyMessages.SPOTIFY_RATE_LIMITED,
    request: async () => {
      const address = '192.0.2.254';
      for (let i = 0; i < SPOTIFY_REQUESTS_PER_MINUTE; i++) {
        await send({ method: 'GET', url: '/api/spotify/test', remoteAddress: address });
      }
      return send({ method: 'GET', url: '/api/spotify/test', remoteAddress: address });
    },
  }),
  // files/messages.ts
  AUDIO_TOO_LARGE: () => ({
    expected: fileMessages.AUDIO_TOO_LARGE,
    request: generateUploadUrl({ fileName: 'long.wav', fileSize: 201 * 1024 * 1024 }),
  }),
  INVALID_AUDIO_FORMAT: () => ({
    expected: fileMessages.INVALID_AUDIO_FORMAT,
    request: generateUploadUrl({ fileName: 'notes.txt', contentType: 'text/plain', fileSize: 100 }),
  }),
  INVALID_IMAGE_FORMAT: () => ({
    expected: fileMessages.INVALID_IMAGE_FORMAT,
    request: generateUploadUrl({
      fileName: 'cover.txt',
      contentType: 'text/plain',
      fileType: 'artwork',
      fileSize: 100,
    }),
  }),
  IMAGE_TOO_LARGE: () => ({
    expected: fileMessages.IMAGE_TOO_LARGE,
    request: generateUploadUrl({
      fileName: 'cover.jpg',
      contentType: 'image/jpeg',
      fileType: 'artwork',
      fileSize: 21 * 1024 * 1024,
    }),
  }),
  INVALID_FILE_NAME: () => ({
    expected: fileMessages.INVALID_FILE_NAME,
    request: generateUploadUrl({ fileName: 'song\u0007.wav', fileSize: 100 }),
  }),
  'UPLOAD_REQUEST_MESSAGES.notMultipart': () => ({
    expected: fileMessages.UPLOAD_REQUEST_MESSAGES.notMultipart,
    request: () => send({ method: 'POST', url: '/api/upload/storage', payload: { file: 'x' } }),
  }),
  'UPLOAD_REQUEST_MESSAGES.malformed': () => ({
    expected: fileMessages.UPLOAD_REQUEST_MESSAGES.malformed,
    request: () =>
      send({
        method: 'POST',
        url: '/api/upload/storage',
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'x',
      }),
  }),
  'UPLOAD_REQUEST_MESSAGES.oneFile': () => ({
    expected: fileMessages.UPLOAD_REQUEST_MESSAGES.oneFile,
    request: standardUpload([
      { field: 'fileType', value: 'track' },
      { ...wavPart, field: 'audio' },
    ]),
  }),
  'UPLOAD_REQUEST_MESSAGES.noFile': () => ({
    expected: fileMessages.UPLOAD_REQUEST_MESSAGES.noFile,
    request: standardUpload([
      { field: 'fileType', value: 'track' },
      { field: 'artistName', value: 'Maya' },
    ]),
  }),
  'UPLOAD_REQUEST_MESSAGES.tooManyParts': () => ({
    expected: fileMessages.UPLOAD_REQUEST_MESSAGES.tooManyParts,
    request: standardUpload(Array.from({ length: 20 }, (_, i) => ({ field: `field${i}`, value: 'x' }))),
  }),
};

/**
 * Messages of those modules that only the browser shows: the server never checks what they are
 * about (a dialog's own rule, a notice, a label), or decides otherwise (by the file's content).
 */
const browserOnly: Record<string, string> = {
  LAST_NAME_REQUIRED: 'the contributor dialog keeps Save disabled until the last name is filled in',
  READY_TO_SUBMIT: 'the review step’s badge, not a refusal',
  SOME_FIELDS_INCOMPLETE: 'the review step’s badge, not a refusal',
  ADD_CATALOGUE_ITEM_FAILED: 'the catalogue finder’s notice when adding an item fails in the browser',
  formatCatalogueItemAdded: 'the catalogue finder’s success notice',
  formatAddedToTransferList: 'the catalogue finder’s success notice',
  ADD_CONTRIBUTOR_HINT: 'the hint under an empty contributor list',
  SELECT_A_ROLE: 'the contributor dialog keeps Save disabled until a role is picked',
  SPOTIFY_URL_REQUIRED: 'the catalogue finder reads the URL in the browser and asks for metadata by id',
  SPOTIFY_CATALOGUE_URL_INVALID:
    'the catalogue finder reads the URL in the browser and asks for metadata by id',
  INVALID_ARTWORK_TYPE: 'the form’s artwork picker; the server decides by the file’s content',
  ARTWORK_TOO_LARGE: 'the form’s artwork picker; the server answers IMAGE_TOO_LARGE',
  ARTWORK_PREVIEW_FAILED: 'the form’s preview of a picked image',
  formatInvalidWavType: 'the form’s audio picker (it names the browser); the server decides by content',
  'UPLOAD_REQUEST_MESSAGES.cutShort':
    'a backstop: the upload stops at the type’s size limit (413) before the parser’s own, larger limit',
};

/** Messages the API answers that another test meets, with the reason it is not met here. */
const metElsewhere: Record<string, string> = {
  RESUMABLE_CHUNK_TOO_LONG:
    'uploads.test.ts: tus answers it in text/plain to a chunked PATCH, on a listening server',
  LIST_CURSOR_MISMATCH:
    'submission-pages.test.ts: a cursor of another list needs a list longer than one page to be issued',
};

/** Every message a module exports: strings, formatters, and the strings of message objects. */
function exportedMessages(...modules: Record<string, unknown>[]): string[] {
  const names: string[] = [];
  for (const module of modules) {
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === 'string' || typeof value === 'function') names.push(name);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value))
          if (typeof inner === 'string') names.push(`${name}.${key}`);
      }
    }
  }
  return names;
}

const specMessages = exportedMessages(
  artistMessages,
  commonMessages,
  musicMessages,
  transferMessages,
  contributorMessages,
  adminMessages,
  spotifyMessages,
  fileMessages,
  paginationMessages,
);

describe('the spec’s validation messages', () => {
  it('are each either met through the API below or named as the browser’s own', () => {
    const accounted = [...Object.keys(reachable), ...Object.keys(browserOnly), ...Object.keys(metElsewhere)];
    const unaccounted = specMessages.filter((name) => !accounted.includes(name));
    expect(unaccounted).toEqual([]);
    const stale = accounted.filter((name) => !specMessages.includes(name));
    expect(stale).toEqual([]);
  });

  it.each(Object.keys(reachable))('%s is answered by the API', async (name) => {
    const scenario = reachable[name]?.();
    if (!scenario) throw new Error(`no scenario for ${name}`);
    const answer = await scenario.request();
    expect(answer.status, answer.body).toBeGreaterThanOrEqual(200);
    expect(answer.status, answer.body).toBeLessThan(500);
    expect(answer.messages, answer.body).toContain(scenario.expected);
  });
});

describe('fields left out are named in the spec’s words, not a validation library’s', () => {
  const zodWords = /Invalid input|expected (string|number|boolean|object|array)|received undefined/;

  it('the waiting list without a listen link', async () => {
    const answer = await joinWaitingList({ ...waitingListEntry, listenLink: undefined })();
    expect(answer.status).toBe(400);
    expect(answer.messages[0]).toBe(LISTEN_LINK_REQUIRED);
    expect(answer.body).not.toMatch(zodWords);
  });

  it('the waiting list with nothing but a first name', async () => {
    const answer = await joinWaitingList({ firstName: 'Ada' })();
    expect(answer.status).toBe(400);
    expect(answer.messages).toContain(LISTEN_LINK_REQUIRED);
    expect(answer.body).not.toMatch(zodWords);
  });

  it('a transfer without catalogue items', async () => {
    const answer = await createItem((form) => {
      form.uploadType = 'transfer';
      delete form.catalogueItems;
    })();
    expect(answer.status).toBe(400);
    expect(answer.messages).toEqual(expect.arrayContaining([ADD_CATALOGUE_ITEM_STEP, ADD_CATALOGUE_ITEM]));
    expect(answer.body).not.toMatch(zodWords);
  });

  it('a release without a title', async () => {
    const answer = await createItem((form) => {
      delete form.releaseTitle;
    })();
    expect(answer.status).toBe(400);
    expect(answer.messages).toContain(RELEASE_TITLE_REQUIRED);
    expect(answer.body).not.toMatch(zodWords);
  });

  it('a submission without its bot check answers the spec’s bot message', async () => {
    const payload = basePayload() as Partial<CreateBoardItemPayload>;
    delete payload.verification;
    const answer = await send({ method: 'POST', url: '/api/board/create-item', payload });
    expect(answer.status).toBe(400);
    expect(answer.messages[0]).toBe(BOT_CHECK_FAILED);
  });

  it('an e-mail that is not one, in the spec’s words', async () => {
    const answer = await createItem((form) => {
      form.email = 'maya@';
    })();
    expect(answer.messages).toContain(INVALID_EMAIL_MESSAGE);
  });

  it.each([
    ['a number for a text field', (form: FormData) => Object.assign(form, { releaseTitle: 42 })],
    ['a list for a text field', (form: FormData) => Object.assign(form, { city: ['Cork'] })],
    ['an unknown upload type', (form: FormData) => Object.assign(form, { uploadType: 'mixtape' })],
    ['a track of the wrong kind', (form: FormData) => Object.assign(form, { tracks: ['Song 1'] })],
    ['no upload session', (form: FormData) => Object.assign(form, { uploadSessionId: undefined })],
  ])('%s is refused in the domain’s words', async (_label, change) => {
    const answer = await createItem(change)();
    expect(answer.status).toBe(400);
    expect(answer.body).not.toMatch(zodWords);
    expect(answer.messages[0]).toMatch(/^[A-Z].* (is required|must be|is not valid)/);
  });
});
