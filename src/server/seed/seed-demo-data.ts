import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  addDays,
  buildBoardItemName,
  type ContributorRole,
  getIsoDateOfInstant,
  type SubmissionStatus,
} from '../../domain';
import type { AppConfig } from '../config';
import type { Database, Transaction } from '../db/client';
import {
  artists,
  masterSplits,
  submissionEvents,
  submissions,
  submissionTracks,
  trackContributors,
  uploads,
  users,
} from '../db/schema';
import { enqueueJob } from '../jobs/queue';
import type { StorageProvider } from '../providers/storage/storage';
import { queueAudioPeaks } from '../services/submissions/queue-audio-peaks';
import { queueLoudnessChecks } from '../services/submissions/queue-loudness';
import { inspectUpload, type UploadInspection } from '../services/uploads/inspect-upload';
import { imageVariantsJobType } from '../services/uploads/store-upload';
import { uploadKey } from '../services/uploads/upload-keys';
import { makeDemoReleaseDeliverable } from './demo-delivery';
import { makeDemoArtwork, makeDemoWav } from './demo-media';

export const demoAccounts = {
  artist: { email: 'artist@imprint.example', name: 'Maya Rivers', artistName: 'Maya Rivers' },
  staff: { email: 'staff@imprint.example', name: 'Sam Label' },
} as const;

interface DemoTrack {
  title: string;
  rootHz: number;
  /** Credited producer and, optionally, a master split shared with them. */
  producer: { firstName: string; surname: string; email: string; roles: ContributorRole[] };
  split?: boolean;
}

export interface DemoSubmission {
  /** The upload session id: fixed, so the seed finds an item it made before and adds it once. */
  uploadSessionId: string;
  releaseTitle: string;
  releaseType: 'single' | 'ep';
  status: SubmissionStatus;
  /** How the item got to its status: each step a status change by staff, with its message. */
  history: { to: SubmissionStatus; message?: string }[];
  createdDaysAgo: number;
  /** Days from the seed's today to the release date (negative: already out). */
  releaseInDays: number;
  primaryGenre: string;
  subGenre: string;
  colour: { r: number; g: number; b: number };
  tracks: DemoTrack[];
  /**
   * Ready for the stores: a cover big enough for them, its ISRCs and UPC entered, and its release
   * schedule signed by the artist, so the staff console shows the whole delivery path.
   */
  deliverable?: boolean;
}

const leo = {
  firstName: 'Leo',
  surname: 'Park',
  email: 'leo.park@example.com',
  roles: ['Producer', 'Mixing Engineer'] as ContributorRole[],
};
const ana = {
  firstName: 'Ana',
  surname: 'Ruiz',
  email: 'ana.ruiz@example.com',
  roles: ['Producer', 'Keyboards'] as ContributorRole[],
};

/** The demo artist's submissions, one per status the artist area shows differently. */
export const demoSubmissions: readonly DemoSubmission[] = [
  {
    uploadSessionId: 'demo-maya-rivers-low-light',
    releaseTitle: 'Low Light',
    releaseType: 'single',
    status: 'live',
    history: [
      { to: 'in_progress' },
      { to: 'approved', message: 'Scheduled for release. Congratulations!' },
      { to: 'live' },
    ],
    createdDaysAgo: 150,
    releaseInDays: -90,
    primaryGenre: 'R&B/Soul',
    subGenre: 'Neo-Soul',
    colour: { r: 52, g: 38, b: 92 },
    tracks: [{ title: 'Low Light', rootHz: 220, producer: leo }],
  },
  {
    uploadSessionId: 'demo-maya-rivers-static',
    releaseTitle: 'Static',
    releaseType: 'single',
    status: 'rejected',
    history: [
      {
        to: 'rejected',
        message: 'Thank you for sending this. It is not the right fit for our release schedule this season.',
      },
    ],
    createdDaysAgo: 75,
    releaseInDays: -20,
    primaryGenre: 'Pop',
    subGenre: 'Electropop',
    colour: { r: 96, g: 102, b: 110 },
    tracks: [{ title: 'Static', rootHz: 196, producer: ana }],
  },
  {
    uploadSessionId: 'demo-maya-rivers-golden-hour',
    releaseTitle: 'Golden Hour',
    releaseType: 'ep',
    status: 'approved',
    history: [{ to: 'in_progress' }, { to: 'approved', message: 'All set: the EP is scheduled.' }],
    createdDaysAgo: 40,
    releaseInDays: 35,
    primaryGenre: 'R&B/Soul',
    subGenre: 'Contemporary R&B',
    colour: { r: 201, g: 132, b: 36 },
    tracks: [
      { title: 'Golden Hour', rootHz: 261.63, producer: leo, split: true },
      { title: 'Slow Burn', rootHz: 233.08, producer: ana, split: true },
    ],
    deliverable: true,
  },
  {
    uploadSessionId: 'demo-maya-rivers-night-swim',
    releaseTitle: 'Night Swim',
    releaseType: 'single',
    status: 'in_progress',
    history: [
      {
        to: 'in_progress',
        message: 'We would love to release this. Please complete the release details.',
      },
    ],
    createdDaysAgo: 12,
    releaseInDays: 70,
    primaryGenre: 'Pop',
    subGenre: 'Synth-pop',
    colour: { r: 18, g: 62, b: 112 },
    tracks: [{ title: 'Night Swim', rootHz: 246.94, producer: leo }],
  },
  {
    uploadSessionId: 'demo-maya-rivers-paper-planes',
    releaseTitle: 'Paper Planes',
    releaseType: 'single',
    status: 'pending',
    history: [],
    createdDaysAgo: 2,
    releaseInDays: 90,
    primaryGenre: 'Folk',
    subGenre: 'Indie Folk',
    colour: { r: 46, g: 125, b: 94 },
    tracks: [{ title: 'Paper Planes', rootHz: 293.66, producer: ana }],
  },
];

const DAY_MS = 86_400_000;
const DEMO_TRACK_SECONDS = 4;

interface DemoPeople {
  artistId: string;
  artistUserId: string | null;
  staffUserId: string | null;
}

interface DemoFile {
  id: string;
  key: string;
  bytes: Buffer;
  inspection: UploadInspection;
  name: string;
  fileType: 'track' | 'artwork';
  trackTitle?: string;
}

async function makeDemoFile(
  demo: DemoSubmission,
  fileType: DemoFile['fileType'],
  bytes: Buffer,
  name: string,
  trackTitle?: string,
): Promise<DemoFile> {
  const checked = await inspectUpload(bytes, bytes.length, fileType === 'track' ? 'audio' : 'image');
  // The seed's own media failing the upload check would be a bug in the seed: stop loudly.
  if (!checked.ok) throw new Error(`Demo ${fileType} for ${demo.releaseTitle} is invalid: ${checked.reason}`);
  const id = randomUUID();
  const key = uploadKey({
    artistName: demoAccounts.artist.artistName,
    sessionId: demo.uploadSessionId,
    fileType,
    fileId: id,
    extension: checked.inspection.extension,
  });
  return {
    id,
    key,
    bytes,
    inspection: checked.inspection,
    name,
    fileType,
    ...(trackTitle ? { trackTitle } : {}),
  };
}

/** Thrown inside the transaction when another start of Imprint seeded this item first. */
class AlreadySeeded extends Error {}

async function insertDemoSubmission(
  tx: Transaction,
  demo: DemoSubmission,
  people: DemoPeople,
  files: { tracks: DemoFile[]; artwork: DemoFile },
  now: Date,
): Promise<string> {
  const createdAt = new Date(now.getTime() - demo.createdDaysAgo * DAY_MS);
  const today = getIsoDateOfInstant(now);
  const artistName = demoAccounts.artist.artistName;
  const [row] = await tx
    .insert(submissions)
    .values({
      status: demo.status,
      artistId: people.artistId,
      uploadSessionId: demo.uploadSessionId,
      itemName: buildBoardItemName(artistName, demo.releaseTitle),
      uploadType: 'new-music',
      releaseType: demo.releaseType,
      releaseTitle: demo.releaseTitle,
      releaseDate: addDays(today, demo.releaseInDays),
      releaseStrategy: 'together',
      primaryGenre: demo.primaryGenre,
      subGenre: demo.subGenre,
      bio: 'Late-night electronic soul: warm synths, live bass and close-miked vocals.',
      influences: 'Jessie Ware, Jordan Rakei, Little Dragon',
      artistDetails: {
        firstName: 'Maya',
        surname: 'Rivers',
        email: demoAccounts.artist.email,
        artistName,
        country: 'United Kingdom',
        city: 'Manchester',
        spotifyProfile: 'https://open.spotify.com/artist/0demoMayaRivers00000000',
        instagramProfile: 'https://instagram.com/mayarivers.music',
        tiktokProfile: '',
      },
      artworkUploadId: null,
      formData: {
        demo: true,
        uploadType: 'new-music',
        releaseTitle: demo.releaseTitle,
        releaseType: demo.releaseType,
        trackCount: demo.tracks.length,
        catalogueItemCount: 0,
      },
      additionalData: { demo: true },
      submittedByUserId: people.artistUserId,
      createdAt,
      updatedAt: createdAt,
    })
    .onConflictDoNothing({ target: submissions.uploadSessionId })
    .returning({ id: submissions.id });
  if (!row) throw new AlreadySeeded();

  for (const file of [...files.tracks, files.artwork]) {
    await tx.insert(uploads).values({
      id: file.id,
      status: 'ready',
      sessionId: demo.uploadSessionId,
      storageKey: file.key,
      fileType: file.fileType,
      uploadMethod: 'APP_ENGINE',
      originalName: file.name,
      originalSize: file.bytes.length,
      contentType: file.inspection.mime,
      artistName,
      trackTitle: file.trackTitle ?? null,
      releaseTitle: demo.releaseTitle,
      media: file.inspection,
      uploaderUserId: people.artistUserId,
      claimedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
  }
  await tx.update(submissions).set({ artworkUploadId: files.artwork.id }).where(eq(submissions.id, row.id));
  await enqueueJob(
    tx,
    imageVariantsJobType,
    { uploadId: files.artwork.id },
    { uniqueKey: `variants:${files.artwork.id}` },
  );

  for (const [position, track] of demo.tracks.entries()) {
    const [stored] = await tx
      .insert(submissionTracks)
      .values({
        submissionId: row.id,
        position,
        clientId: `demo-track-${position + 1}`,
        title: track.title,
        audioUploadId: files.tracks[position]?.id ?? null,
        productionYear: String(createdAt.getUTCFullYear()),
        parentalAdvisory: 'no',
        createdAt,
      })
      .returning({ id: submissionTracks.id });
    if (!stored) throw new Error('demo track not stored');
    await queueAudioPeaks(tx, files.tracks[position]?.id);
    const producerId = `demo-producer-${position + 1}`;
    await tx.insert(trackContributors).values({
      trackId: stored.id,
      position: 0,
      clientId: producerId,
      kind: 'producer',
      firstName: track.producer.firstName,
      surname: track.producer.surname,
      email: track.producer.email,
      roles: [...track.producer.roles],
      isFeatured: false,
      isPrimaryArtist: false,
    });
    if (track.split) {
      await tx.insert(masterSplits).values([
        {
          submissionId: row.id,
          trackId: stored.id,
          position: 0,
          firstName: 'Maya',
          lastName: 'Rivers',
          email: demoAccounts.artist.email,
          percentage: 70,
        },
        {
          submissionId: row.id,
          trackId: stored.id,
          position: 1,
          contributorClientId: producerId,
          percentage: 30,
        },
      ]);
    }
  }

  // Staff see each demo track's level check, as for a real submission.
  await queueLoudnessChecks(tx, row.id);
  await tx.insert(submissionEvents).values({
    submissionId: row.id,
    type: 'created',
    actorUserId: people.artistUserId,
    toStatus: 'pending',
    data: { demo: true, tracks: demo.tracks.length, catalogueItems: 0 },
    createdAt,
  });
  let from: SubmissionStatus = 'pending';
  for (const [index, step] of demo.history.entries()) {
    // Spread over the days since the submission, the last change a day before today.
    const at = new Date(
      createdAt.getTime() + ((index + 1) / demo.history.length) * (demo.createdDaysAgo - 1) * DAY_MS,
    );
    await tx.insert(submissionEvents).values({
      submissionId: row.id,
      type: 'status_changed',
      actorUserId: people.staffUserId,
      fromStatus: from,
      toStatus: step.to,
      message: step.message ?? null,
      createdAt: at,
    });
    from = step.to;
  }
  return row.id;
}

/**
 * One demo submission with real files: a WAV per track and a JPEG cover, written to storage and
 * recorded as ready, claimed uploads. Skipped when its upload session exists. The files are written
 * before the transaction (storage is not transactional) and removed again if the rows are not.
 */
async function seedDemoSubmission(
  db: Database,
  storage: StorageProvider,
  demo: DemoSubmission,
  people: DemoPeople,
  now: Date,
): Promise<string | null> {
  const [existing] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.uploadSessionId, demo.uploadSessionId));
  if (existing) return null;

  const tracks = await Promise.all(
    demo.tracks.map((track) =>
      makeDemoFile(
        demo,
        'track',
        makeDemoWav({ seconds: DEMO_TRACK_SECONDS, rootHz: track.rootHz }),
        `${track.title}.wav`,
        track.title,
      ),
    ),
  );
  const artworkBytes = await makeDemoArtwork({
    title: demo.releaseTitle,
    artistName: demoAccounts.artist.artistName,
    colour: demo.colour,
    // Stores take a 3000 px square cover.
    ...(demo.deliverable ? { size: 3000 } : {}),
  });
  const artwork = await makeDemoFile(demo, 'artwork', artworkBytes, `${demo.releaseTitle} cover.jpg`);
  const files = [...tracks, artwork];
  try {
    for (const file of files) {
      await storage.put(file.key, file.bytes, { contentType: file.inspection.mime });
    }
    return await db.transaction((tx) => insertDemoSubmission(tx, demo, people, { tracks, artwork }, now));
  } catch (error) {
    await Promise.all(files.map((file) => storage.delete(file.key)));
    if (error instanceof AlreadySeeded) return null;
    throw error;
  }
}

/**
 * Demo data for a fresh installation (DEMO_DATA=true, the default). Every record is inserted only
 * if missing, so the seed runs at each start: a new release of Imprint adds its new demo records
 * to an existing data directory, and nothing an operator changed is overwritten. The demo
 * artist's submissions come with real audio and artwork, hence the storage.
 */
export async function seedDemoData(
  db: Database,
  storage: StorageProvider,
  config: AppConfig,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values([
        { email: demoAccounts.artist.email, role: 'artist', name: demoAccounts.artist.name },
        { email: demoAccounts.staff.email, role: 'staff', name: demoAccounts.staff.name },
      ])
      .onConflictDoNothing({ target: users.email });
    const [artistUser] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccounts.artist.email));
    await tx
      .insert(artists)
      .values({
        email: demoAccounts.artist.email,
        userId: artistUser?.id ?? null,
        name: demoAccounts.artist.name,
        artistName: demoAccounts.artist.artistName,
        nationality: 'British',
        country: 'United Kingdom',
        city: 'Manchester',
        biography:
          'Maya Rivers writes late-night electronic soul from a converted mill in Manchester: warm synths, live bass and close-miked vocals.',
        spotifyProfile: 'https://open.spotify.com/artist/0demoMayaRivers00000000',
        instagramProfile: 'https://instagram.com/mayarivers.music',
        website: 'https://mayarivers.example',
      })
      .onConflictDoNothing({ target: artists.email });
  });

  const [artist] = await db
    .select({ id: artists.id, userId: artists.userId })
    .from(artists)
    .where(eq(artists.email, demoAccounts.artist.email));
  if (!artist) throw new Error('demo artist missing after seeding');
  const [staff] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, demoAccounts.staff.email));
  const people: DemoPeople = {
    artistId: artist.id,
    artistUserId: artist.userId,
    staffUserId: staff?.role === 'staff' ? staff.id : null,
  };
  for (const demo of demoSubmissions) {
    const submissionId = await seedDemoSubmission(db, storage, demo, people, now);
    if (submissionId && demo.deliverable)
      await makeDemoReleaseDeliverable({ db, storage, config }, submissionId, people.artistUserId, now);
  }
}
