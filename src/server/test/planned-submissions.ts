import { randomUUID } from 'node:crypto';
import type { SubmissionStatus } from '../../domain';
import type { Database } from '../db/client';
import { artists, submissions, submissionTracks } from '../db/schema';

export interface PlannedTrackInput {
  title: string;
  single?: string | null;
  singleOrder?: number;
}

export interface PlannedSubmissionInput {
  artistId: string;
  /** The address on the submission (status mails and reminders go there). */
  email: string;
  releaseTitle?: string;
  releaseDate: string | null;
  strategy?: 'together' | 'singles_first';
  status?: SubmissionStatus;
  uploadType?: 'new-music' | 'transfer' | 'both';
  tracks?: PlannedTrackInput[];
  assignedUserId?: string | null;
  createdAt?: Date;
}

/** An artist record for an address (the artist's sign-in links it to the account). */
export async function insertTestArtist(db: Database, email: string): Promise<string> {
  const [row] = await db
    .insert(artists)
    .values({ email, artistName: 'Maya Rivers' })
    .onConflictDoUpdate({ target: artists.email, set: { artistName: 'Maya Rivers' } })
    .returning({ id: artists.id });
  if (!row) throw new Error('no artist');
  return row.id;
}

/**
 * A submission with a release plan, written straight into the database: the deadline planner's
 * tests need many plans on fixed dates, not the upload and create-item path each time.
 */
export async function insertPlannedSubmission(db: Database, input: PlannedSubmissionInput): Promise<string> {
  const releaseTitle = input.releaseTitle ?? `Tidewater ${randomUUID().slice(0, 6)}`;
  const [row] = await db
    .insert(submissions)
    .values({
      status: input.status ?? 'pending',
      artistId: input.artistId,
      uploadSessionId: `form-${randomUUID()}`,
      itemName: `Maya Rivers - ${releaseTitle}`,
      uploadType: input.uploadType ?? 'new-music',
      releaseType: 'ep',
      releaseTitle,
      releaseDate: input.releaseDate,
      releaseStrategy: input.strategy ?? 'together',
      primaryGenre: 'Pop',
      subGenre: 'Indie Pop',
      artistDetails: { email: input.email, artistName: 'Maya Rivers', firstName: 'Maya' },
      formData: {},
      additionalData: {},
      assignedUserId: input.assignedUserId ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: submissions.id });
  if (!row) throw new Error('no submission');
  const tracks = input.tracks ?? [{ title: 'Low Tide' }];
  for (const [position, track] of tracks.entries()) {
    await db.insert(submissionTracks).values({
      submissionId: row.id,
      position,
      clientId: `t-${position}`,
      title: track.title,
      releaseAsSingle: track.single !== undefined,
      singleReleaseDate: track.single ?? null,
      singleOrder: track.single !== undefined ? (track.singleOrder ?? position + 1) : null,
    });
  }
  return row.id;
}
