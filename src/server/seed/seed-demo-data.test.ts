import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWavHeader } from '../../domain';
import { type AppConfig, loadConfig } from '../config';
import {
  artists,
  jobs,
  masterSplits,
  submissionEvents,
  submissions,
  submissionTracks,
  trackContributors,
  uploads,
  users,
} from '../db/schema';
import { LocalStorage } from '../providers/storage/local-storage';
import { prepareDeliveryCover } from '../services/delivery/make-delivery-cover';
import { readDeliverable } from '../services/delivery/read-delivery';
import { createTestDatabase, type TestDatabase } from '../test/test-context';
import { demoAccounts, demoSubmissions, seedDemoData } from './seed-demo-data';

let database: TestDatabase;
let root: string;
let storage: LocalStorage;
let config: AppConfig;
beforeAll(async () => {
  database = await createTestDatabase();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-seed-'));
  storage = new LocalStorage(root);
  config = loadConfig({ NODE_ENV: 'test', DATA_DIR: root });
});
afterAll(async () => {
  await database.destroy();
  await fs.rm(root, { recursive: true, force: true });
});

async function readAll(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('seedDemoData', () => {
  it('adds one artist and one staff member, and is idempotent', async () => {
    await seedDemoData(database.db, storage, config);
    await seedDemoData(database.db, storage, config);
    const people = await database.db.select().from(users);
    expect(people.map((u) => [u.email, u.role]).sort()).toEqual([
      [demoAccounts.artist.email, 'artist'],
      [demoAccounts.staff.email, 'staff'],
    ]);
    const [artist, ...others] = await database.db.select().from(artists);
    expect(others).toHaveLength(0);
    expect(artist).toMatchObject({ email: demoAccounts.artist.email, artistName: 'Maya Rivers' });
    expect(artist?.userId).toBe(people.find((u) => u.role === 'artist')?.id);
  });

  it('gives the demo artist one submission per status, once, with real audio and artwork', async () => {
    const [artist] = await database.db.select().from(artists);
    const rows = await database.db
      .select()
      .from(submissions)
      .where(eq(submissions.artistId, artist?.id ?? ''))
      .orderBy(asc(submissions.createdAt));
    expect(rows.map((row) => [row.releaseTitle, row.releaseType, row.status])).toEqual([
      ['Low Light', 'single', 'live'],
      ['Static', 'single', 'rejected'],
      ['Golden Hour', 'ep', 'approved'],
      ['Night Swim', 'single', 'in_progress'],
      ['Paper Planes', 'single', 'pending'],
    ]);
    expect(rows.map((row) => row.uploadSessionId)).toEqual(
      demoSubmissions.map((demo) => demo.uploadSessionId),
    );

    const tracks = await database.db
      .select()
      .from(submissionTracks)
      .where(
        inArray(
          submissionTracks.submissionId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(submissionTracks.position));
    const titlesOf = (title: string) =>
      tracks
        .filter((track) => track.submissionId === rows.find((row) => row.releaseTitle === title)?.id)
        .map((track) => track.title);
    expect(titlesOf('Night Swim')).toEqual(['Night Swim']);
    expect(titlesOf('Golden Hour')).toEqual(['Golden Hour', 'Slow Burn']);

    // Every track's audio is a WAV in storage whose header parses; every cover a JPEG.
    const files = await database.db.select().from(uploads);
    expect(files).toHaveLength(tracks.length + rows.length);
    for (const track of tracks) {
      const file = files.find((f) => f.id === track.audioUploadId);
      expect(file).toMatchObject({ status: 'ready', fileType: 'track', contentType: 'audio/wav' });
      expect(file?.claimedAt).not.toBeNull();
      const bytes = await readAll(file?.storageKey ?? '');
      expect(bytes.length).toBe(file?.originalSize);
      const header = parseWavHeader(bytes);
      expect(header.ok && header.header.durationSeconds).toBe(4);
    }
    for (const row of rows) {
      const cover = files.find((f) => f.id === row.artworkUploadId);
      expect(cover).toMatchObject({ status: 'ready', fileType: 'artwork', contentType: 'image/jpeg' });
      // The release ready for the stores has a store-sized cover.
      const side = row.releaseTitle === 'Golden Hour' ? 3000 : 1000;
      expect(cover?.media).toMatchObject({ kind: 'image', width: side, height: side });
      const bytes = await readAll(cover?.storageKey ?? '');
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    const variantJobs = await database.db.select().from(jobs).where(eq(jobs.type, 'uploads.image-variants'));
    expect(variantJobs).toHaveLength(rows.length);

    const credits = await database.db.select().from(trackContributors);
    expect(credits).toHaveLength(tracks.length);
    const splits = await database.db.select().from(masterSplits);
    expect(splits.map((s) => s.percentage).sort()).toEqual([30, 30, 70, 70]);

    // The history leads to each status through allowed steps, by the demo staff member.
    const events = await database.db
      .select()
      .from(submissionEvents)
      .orderBy(asc(submissionEvents.createdAt), asc(submissionEvents.id));
    const live = rows.find((row) => row.status === 'live');
    expect(
      events.filter((e) => e.submissionId === live?.id).map((e) => [e.type, e.fromStatus, e.toStatus]),
    ).toEqual([
      ['created', null, 'pending'],
      ['status_changed', 'pending', 'in_progress'],
      ['status_changed', 'in_progress', 'approved'],
      ['status_changed', 'approved', 'live'],
    ]);
    for (const row of rows) {
      // The status's history (the release ready for the stores also has its schedule's mail).
      const last = events.filter((e) => e.submissionId === row.id && e.toStatus !== null).at(-1);
      expect(last?.toStatus).toBe(row.status);
      expect(last?.createdAt.getTime()).toBeLessThan(Date.now());
    }
  });

  it('adds a demo submission removed since, and leaves no files behind for one it skips', async () => {
    const [nightSwim] = await database.db
      .select()
      .from(submissions)
      .where(eq(submissions.releaseTitle, 'Night Swim'));
    await database.db.delete(submissions).where(eq(submissions.id, nightSwim?.id ?? ''));
    const mediaFiles = async () =>
      (await fs.readdir(root, { recursive: true })).filter((name) => /\.(wav|jpg)$/.test(name));
    const before = await mediaFiles();
    await seedDemoData(database.db, storage, config);
    const after = await mediaFiles();
    const titles = await database.db.select({ title: submissions.releaseTitle }).from(submissions);
    expect(titles.map((t) => t.title).sort()).toEqual([
      'Golden Hour',
      'Low Light',
      'Night Swim',
      'Paper Planes',
      'Static',
    ]);
    // One new WAV and one new cover; nothing for the four items already there.
    expect(after.length - before.length).toBe(2);
  });

  it('brings one approved release ready for the stores: codes, a store cover, a signed schedule', async () => {
    const [golden] = await database.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.releaseTitle, 'Golden Hour'));
    const id = golden?.id as string;
    expect(await prepareDeliveryCover({ db: database.db, storage }, id, new Date())).toBe('made');
    const { release } = await readDeliverable(database.db, config, id, new Date());
    expect(release).toMatchObject({ icpn: '2000000000015', title: 'Golden Hour', releaseType: 'EP' });
    expect(release.tracks.map((t) => t.isrc)).toEqual([
      expect.stringMatching(/^ZZ-DMO-\d{2}-00001$/),
      expect.stringMatching(/^ZZ-DMO-\d{2}-00002$/),
    ]);
  });
});
