import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import {
  addDays,
  buildBoardItemName,
  type CreateBoardItemPayload,
  createBoardItemPayloadSchema,
  createDefaultSubmissionForm,
  createDefaultTrackMetadata,
  getIsoDateOfInstant,
  getStatusLabel,
  parseSubmissionStatus,
  type UploadFileType,
} from '../../../domain';
import { artists, submissions, uploads } from '../../db/schema';
import { readBoardItemFields, toColumnValues } from '../board-sync/board-item-fields';
import { createSubmission } from '../submissions/create-submission';
import { issueFormToken } from '../submissions/form-token';
import { composeSubmissionConfirmation } from '../submissions/submission-mails';
import { presentUpload } from '../uploads/present-upload';
import { finishUpload, maxBytesFor, stageBytes } from '../uploads/store-upload';
import {
  type DashboardTestDeps,
  type DashboardTestOutcome,
  elapsedMs,
  errorText,
  failed,
  providerNames,
  type ResolvedTestData,
  succeeded,
  withTimeout,
} from './dashboard-test-context';
import { makeTestJpeg, makeTestWav, TEST_WAV } from './test-media';
import { withdrawingQueuedJobs } from './withdraw-queued-jobs';

/**
 * The full submission test: a real submission through every provider, then the removal of all it
 * made. Each step is timed and listed; the first failure stops the run with the provider's words,
 * and the clean-up runs whatever happened.
 *
 * The seam: the real upload service (`stageBytes`/`finishUpload`) and the real `createSubmission`
 * run unchanged, given their usual dependencies with two differences. Their database withdraws the
 * jobs each of their transactions queued before it commits (`withdraw-queued-jobs.ts`): the image
 * variants, the mails to the artist and to every staff member, and the board sync are follow-ups
 * for a submission that is removed a moment later, and the test does the mirror and the mail itself
 * so that it can time them and report their errors. And the bot check runs with a form token the
 * server issues when the test starts (what `GET /api/form-session` does) but without Turnstile,
 * whose token only the widget in a browser can earn; the caller is a signed-in staff member. The
 * public route keeps its own dependencies, Turnstile included.
 */

interface StepRecord {
  label: string;
  status: 'ok' | 'FAILED' | 'not run';
  ms: number;
  detail: string;
}

/** What the run made, for the clean-up. */
interface Made {
  uploads: { id: string; key: string }[];
  submissionId?: string;
  /** Set only when the test created the artist (an artist who existed before is never removed). */
  artistId?: string;
  boardItemId?: string;
}

class StepFailed extends Error {}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function describeWithdrawn(types: string[]): string {
  if (types.length === 0) return 'no follow-up jobs were queued';
  const counts = new Map<string, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  const list = [...counts].map(([type, count]) => (count > 1 ? `${type} ×${count}` : type)).join(', ');
  return `follow-up jobs withdrawn before commit: ${list}`;
}

export async function runFullSubmissionTest(
  deps: DashboardTestDeps,
  data: ResolvedTestData,
  context: { ip: string; now?: Date },
): Promise<DashboardTestOutcome> {
  const names = providerNames(deps);
  const storage = deps.providers.storage;
  const withdrawn: string[] = [];
  const servicesDb = withdrawingQueuedJobs(deps.db, withdrawn);
  const now = context.now ?? new Date();
  // The form "opens" now: the bot check measures the time on the form from this token.
  const formToken = issueFormToken(deps.signingKey, Date.now());
  const sessionId = `test-dashboard-${randomUUID()}`;
  // The links a browser's upload results carry, as the form would send them back.
  const signer = { key: deps.signingKey, publicUrl: deps.config.publicUrl, fileLinks: 'relative' } as const;
  const made: Made = { uploads: [] };
  const steps: StepRecord[] = [];
  const cleanUp: StepRecord[] = [];

  async function step(label: string, work: () => Promise<string>): Promise<void> {
    const started = performance.now();
    try {
      const detail = await work();
      steps.push({ label, status: 'ok', ms: elapsedMs(started), detail });
    } catch (error) {
      steps.push({ label, status: 'FAILED', ms: elapsedMs(started), detail: errorText(error) });
      throw new StepFailed();
    }
  }

  async function upload(fileType: UploadFileType, bytes: Buffer, originalName: string, contentType: string) {
    const staged = await stageBytes(storage, Readable.from(bytes), {
      maxBytes: maxBytesFor(fileType),
      fileType,
      contentType,
    });
    const row = await finishUpload({ db: servicesDb, storage }, staged, {
      sessionId,
      fileType,
      artistName: data.artistName,
      trackTitle: fileType === 'track' ? data.releaseTitle : undefined,
      releaseTitle: data.releaseTitle,
      originalName,
      contentType,
      uploaderUserId: deps.user.userId,
      uploadMethod: 'APP_ENGINE',
    });
    made.uploads.push({ id: row.id, key: row.storageKey });
    return row;
  }

  let audio: Awaited<ReturnType<typeof upload>> | undefined;
  let artwork: Awaited<ReturnType<typeof upload>> | undefined;
  let payload: CreateBoardItemPayload | undefined;
  const labels = {
    wav: `Upload a WAV (${names.storage})`,
    jpeg: `Upload a JPEG (${names.storage})`,
    submission: `Create the submission (${names.database})`,
    board: `Mirror it to the board (${names.board})`,
    mail: `Mail the confirmation (${names.mail})`,
  };
  const planned = Object.values(labels);

  try {
    await step(labels.wav, async () => {
      const before = withdrawn.length;
      audio = await upload('track', makeTestWav(), 'imprint-test-track.wav', 'audio/wav');
      return `${audio.originalName}, ${audio.originalSize.toLocaleString('en-US')} bytes (${TEST_WAV.seconds} s, ${TEST_WAV.sampleRate / 1000} kHz, stereo, ${TEST_WAV.bitDepth}-bit), checked and stored as ${audio.storageKey}; ${describeWithdrawn(withdrawn.slice(before))}.`;
    });
    await step(labels.jpeg, async () => {
      const before = withdrawn.length;
      artwork = await upload('artwork', await makeTestJpeg(), 'imprint-test-cover.jpg', 'image/jpeg');
      return `${artwork.originalName}, ${artwork.originalSize.toLocaleString('en-US')} bytes (600 × 600), checked and stored as ${artwork.storageKey}; ${describeWithdrawn(withdrawn.slice(before))}.`;
    });
    await step(labels.submission, async () => {
      const before = withdrawn.length;
      if (!audio || !artwork) throw new Error('The uploads are missing');
      payload = buildPayload(data, {
        sessionId,
        formToken,
        today: getIsoDateOfInstant(now),
        audio: { ...presentUpload(signer, audio), fileId: audio.id, fileName: audio.originalName },
        artwork: { url: presentUpload(signer, artwork).url ?? '', fileId: artwork.id },
      });
      const [existing] = await deps.db
        .select({ id: artists.id })
        .from(artists)
        .where(eq(artists.email, data.email));
      const result = await createSubmission(
        { db: servicesDb, config: deps.config, signingKey: deps.signingKey, turnstile: undefined },
        payload,
        { user: deps.user, ip: context.ip, userAgent: 'Imprint test dashboard', now: new Date() },
      );
      if (!result.created) throw new Error(`Upload session ${sessionId} had been submitted before`);
      made.submissionId = result.itemId;
      const [row] = await deps.db
        .select({
          artistId: submissions.artistId,
          itemName: submissions.itemName,
          status: submissions.status,
        })
        .from(submissions)
        .where(eq(submissions.id, result.itemId));
      if (!row) throw new Error(`Submission ${result.itemId} cannot be read back`);
      if (!existing) made.artistId = row.artistId;
      const artist = existing
        ? `the existing artist ${data.email} (kept)`
        : `a new artist ${data.email} (made for the test)`;
      return `Item ${result.itemId} "${row.itemName}" (${getStatusLabel(row.status)}) for ${artist}, with 1 track and the artwork; ${describeWithdrawn(withdrawn.slice(before))}.`;
    });
    await step(labels.board, async () => {
      const submissionId = made.submissionId as string;
      const fields = await readBoardItemFields(deps.db, 'submission', submissionId, new Date());
      if (!fields) throw new Error(`Submission ${submissionId} is not on the board`);
      const board = deps.providers.externalBoard;
      if (!board) {
        const status = parseSubmissionStatus(fields.fields.status);
        return `The built-in board is the database: "${fields.itemName}" is on it (${status ? getStatusLabel(status) : 'no status'}).`;
      }
      // What the board sync does, here and now: the item's columns matched by their titles.
      const columns = await board.listColumns();
      const columnValues = toColumnValues(columns, fields.fields);
      const { itemId } = await board.createItem({ itemName: fields.itemName, columnValues });
      made.boardItemId = itemId;
      return `Created item ${itemId} "${fields.itemName}" on monday.com board ${deps.config.monday?.boardId ?? '?'} with ${plural(Object.keys(columnValues).length, 'column value')}.`;
    });
    await step(labels.mail, async () => {
      const form = (payload as CreateBoardItemPayload).formData;
      const message = composeSubmissionConfirmation(deps.config, { ...form, email: deps.user.email });
      const sent = await withTimeout(deps.providers.mail.send(message), 20_000, 'mail');
      const via =
        deps.providers.mail.kind === 'smtp' ? 'the SMTP server' : 'the dev outbox (kept, not delivered)';
      return `"${message.subject}" to ${message.to} through ${via}; message id ${sent.messageId}.`;
    });
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
  } finally {
    await removeWhatWasMade(deps, made, cleanUp);
  }

  for (const label of planned.slice(steps.length))
    steps.push({ label, status: 'not run', ms: 0, detail: '' });
  const failedStep = steps.find((record) => record.status === 'FAILED');
  const failedCleanUp = cleanUp.filter((record) => record.status === 'FAILED');
  const lines = [
    ...steps.map((record, index) => formatRecord(`${index + 1}. `, record)),
    'Clean-up:',
    ...cleanUp.map((record) => formatRecord('- ', record)),
  ];
  if (failedStep) {
    return failed([`FAILED at "${failedStep.label}": ${failedStep.detail}`, ...lines].join('\n'));
  }
  if (failedCleanUp.length > 0) {
    return failed(
      [`The submission went through, but the clean-up failed: ${failedCleanUp[0]?.detail}`, ...lines].join(
        '\n',
      ),
    );
  }
  return succeeded(
    [
      `A submission went through ${names.storage}, ${names.database}, ${names.board} and ${names.mail}, and everything it made was removed.`,
      ...lines,
    ].join('\n'),
  );
}

function formatRecord(prefix: string, record: StepRecord): string {
  if (record.status === 'not run') return `${prefix}${record.label}: not run`;
  return `${prefix}${record.label}: ${record.status}, ${record.ms} ms. ${record.detail}`;
}

/** The payload the submission form would send for a single with one track and its artwork. */
function buildPayload(
  data: ResolvedTestData,
  input: {
    sessionId: string;
    formToken: string;
    today: ReturnType<typeof getIsoDateOfInstant>;
    audio: { url?: string | undefined; fileId: string; fileName: string };
    artwork: { url: string; fileId: string };
  },
): CreateBoardItemPayload {
  let n = 0;
  const {
    artworkFile: _file,
    tracks: _tracks,
    ...defaults
  } = createDefaultSubmissionForm(input.today, () => `test-${++n}`);
  const formData = {
    ...defaults,
    firstName: data.firstName,
    surname: data.surname,
    email: data.email,
    artistName: data.artistName,
    country: 'United Kingdom',
    city: 'London',
    noInstagram: true,
    noTikTok: true,
    releaseTitle: data.releaseTitle,
    releaseType: 'single' as const,
    primaryGenre: 'Pop',
    subGenre: 'Indie Pop',
    releaseDate: addDays(input.today, 180),
    uploadType: 'new-music' as const,
    artwork: input.artwork.url,
    artworkFileId: input.artwork.fileId,
    tracks: [
      {
        id: 'test-track-1',
        title: data.releaseTitle,
        url: input.audio.url,
        fileId: input.audio.fileId,
        fileName: input.audio.fileName,
        metadata: {
          ...createDefaultTrackMetadata(),
          soloWork: true,
          productionYear: input.today.slice(0, 4),
        },
      },
    ],
    catalogueItems: [],
    uploadSessionId: input.sessionId,
  };
  // Parsed as the route parses a request: the service gets exactly what it would from the form.
  return createBoardItemPayloadSchema.parse({
    itemName: buildBoardItemName(data.artistName, data.releaseTitle),
    formData,
    additionalData: { audioUrls: input.audio.url ?? '', imageUrls: input.artwork.url },
    verification: { formToken: input.formToken, honeypot: { website: '', email_confirm: '' } },
  });
}

/**
 * Removes what the run made, in the order the foreign keys need: the board item, the submission
 * (its tracks, credits, clips, events and release details go with it: ON DELETE CASCADE), the
 * uploads' rows and files, and the artist when the test made it. Then checks that none of it is
 * left. A failing part is recorded and the rest still runs.
 */
async function removeWhatWasMade(deps: DashboardTestDeps, made: Made, records: StepRecord[]): Promise<void> {
  const { db } = deps;
  async function part(label: string, work: () => Promise<string>): Promise<void> {
    const started = performance.now();
    try {
      const detail = await work();
      records.push({ label, status: 'ok', ms: elapsedMs(started), detail });
    } catch (error) {
      records.push({ label, status: 'FAILED', ms: elapsedMs(started), detail: errorText(error) });
    }
  }

  const board = deps.providers.externalBoard;
  const boardItemId = made.boardItemId;
  if (board && boardItemId) {
    await part('Delete the board item (monday.com)', async () => {
      try {
        await board.deleteItem(boardItemId);
      } catch (error) {
        throw new Error(`Item ${boardItemId} is still on monday.com; remove it by hand. ${errorText(error)}`);
      }
      return `Item ${boardItemId} deleted.`;
    });
  }
  const submissionId = made.submissionId;
  if (submissionId) {
    await part('Delete the submission', async () => {
      const removed = await db
        .delete(submissions)
        .where(eq(submissions.id, submissionId))
        .returning({ id: submissions.id });
      if (removed.length !== 1) throw new Error(`Submission ${submissionId} was not there to delete`);
      return `Item ${submissionId} deleted with its track, credits and events.`;
    });
  }
  const uploadIds = made.uploads.map((upload) => upload.id);
  const keys = made.uploads.map((upload) => upload.key);
  if (uploadIds.length > 0) {
    await part('Delete the uploads and their files', async () => {
      const rows = await db
        .delete(uploads)
        .where(inArray(uploads.id, uploadIds))
        .returning({ key: uploads.storageKey, variants: uploads.variants });
      // Variants are made by a job the test withdrew; any that exist anyway go too.
      for (const row of rows) {
        for (const variant of Object.values((row.variants ?? {}) as Record<string, { key?: unknown }>)) {
          if (typeof variant.key === 'string') keys.push(variant.key);
        }
      }
      await Promise.all(keys.map((key) => deps.providers.storage.delete(key)));
      return `${plural(rows.length, 'upload row')} and ${plural(keys.length, 'stored file')} deleted.`;
    });
  }
  const artistId = made.artistId;
  if (artistId) {
    await part('Delete the artist made for the test', async () => {
      const removed = await db
        .delete(artists)
        .where(
          and(
            eq(artists.id, artistId),
            // Someone may have submitted with this address meanwhile: their artist stays.
            notExists(db.select({ one: sql`1` }).from(submissions).where(eq(submissions.artistId, artistId))),
          ),
        )
        .returning({ email: artists.email });
      return removed[0]
        ? `Artist ${removed[0].email} deleted.`
        : 'Kept: another submission uses this artist now.';
    });
  }
  await part('Check nothing is left', async () => {
    const left: string[] = [];
    if (submissionId) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(submissions)
        .where(eq(submissions.id, submissionId));
      if (row?.count) left.push(`submission ${submissionId}`);
    }
    if (uploadIds.length > 0) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(uploads)
        .where(inArray(uploads.id, uploadIds));
      if (row?.count) left.push(plural(row.count, 'upload row'));
    }
    if (artistId) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(artists)
        .where(
          and(
            eq(artists.id, artistId),
            notExists(db.select({ one: sql`1` }).from(submissions).where(eq(submissions.artistId, artistId))),
          ),
        );
      if (row?.count) left.push(`artist ${artistId}`);
    }
    for (const key of keys) {
      if (await deps.providers.storage.head(key)) left.push(`file ${key}`);
    }
    if (left.length > 0) throw new Error(`Left behind: ${left.join(', ')}`);
    const checked = [
      submissionId ? 'the submission' : undefined,
      artistId ? 'the artist' : undefined,
      uploadIds.length > 0 ? plural(uploadIds.length, 'upload') : undefined,
      keys.length > 0 ? plural(keys.length, 'file') : undefined,
    ].filter(Boolean);
    return checked.length > 0 ? `None of ${checked.join(', ')} remains.` : 'Nothing was made.';
  });
}
