import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { createStorage } from '../providers';
import { createBackup } from '../services/backup/create-backup';
import { migrateTo, readJournal } from '../services/backup/migration-level';
import { makeJpeg, makeWav } from './media-fixtures';

/**
 * Writes `upgrade-fixture/imprint-0022.zip`, the data directory of an installation at an older
 * schema, for upgrade.test.ts: the migrations of that release (0000 to 0022, before delivery to
 * stores) on an empty database, a small but representative installation written with that
 * schema's own columns (an artist and staff member, a signed-in session, an approved single with
 * its track, credits, split, audio and artwork, a signed and sealed agreement with its PDF, the
 * settings and the signing key, a pending job, a waiting-list entry), backed up as any
 * installation is. Run it again only to make a new fixture on purpose (the test must keep passing
 * with the old one): npx tsx src/server/test/make-upgrade-fixture.ts
 */

export const UPGRADE_FIXTURE = fileURLToPath(new URL('./upgrade-fixture/imprint-0022.zip', import.meta.url));
export const FIXTURE_MIGRATION = '0022_search_text_unchanged';

export const fixtureIds = {
  artistUser: '3f0b3c0e-1d2a-4a8e-9b1a-000000000001',
  staffUser: '3f0b3c0e-1d2a-4a8e-9b1a-000000000002',
  artist: '3f0b3c0e-1d2a-4a8e-9b1a-000000000003',
  audio: '3f0b3c0e-1d2a-4a8e-9b1a-000000000004',
  artwork: '3f0b3c0e-1d2a-4a8e-9b1a-000000000005',
  submission: '3f0b3c0e-1d2a-4a8e-9b1a-000000000006',
  track: '3f0b3c0e-1d2a-4a8e-9b1a-000000000007',
  template: '3f0b3c0e-1d2a-4a8e-9b1a-000000000008',
  agreement: '3f0b3c0e-1d2a-4a8e-9b1a-000000000009',
} as const;
const SESSION = 'fixture0022';
const at = '2025-06-02T09:30:00.000Z';
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

async function insertInstallation(db: Database, files: { wav: Buffer; jpeg: Buffer; pdf: Buffer }) {
  const ids = fixtureIds;
  const audioKey = `uploads/${SESSION}/audio/${ids.audio}.wav`;
  const artworkKey = `uploads/${SESSION}/image/${ids.artwork}.jpg`;
  const agreementKey = `agreements/${ids.artist}/${ids.agreement}.pdf`;
  const text = 'The artist grants the label the exclusive right to distribute the master recordings.';
  await db.execute(sql`insert into users (id, email, role, name, created_at, last_sign_in_at) values
    (${ids.artistUser}, 'maya@rivers.example', 'artist', 'Maya Rivers', ${at}, ${at}),
    (${ids.staffUser}, 'avery@label.example', 'staff', 'Avery', ${at}, null)`);
  await db.execute(sql`insert into artists (id, user_id, email, name, artist_name, country, city, biography, created_at, updated_at)
    values (${ids.artist}, ${ids.artistUser}, 'maya@rivers.example', 'Maya Rivers', 'Maya Rivers', 'GB', 'Bristol',
            'Bristol producer; "deep" house & dub — ünïcödé, tabs	and newlines\nkept.', ${at}, ${at})`);
  await db.execute(sql`insert into sessions (token_hash, bearer_token_hash, user_id, idle_expires_at, absolute_expires_at)
    values (${sha256('cookie')}, ${sha256('bearer')}, ${ids.artistUser}, now() + interval '7 days', now() + interval '30 days')`);
  await db.execute(sql`insert into uploads (id, status, session_id, storage_key, file_type, upload_method, original_name,
      original_size, content_type, artist_name, track_title, release_title, media, uploader_user_id, claimed_at, created_at, updated_at, sha256)
    values
    (${ids.audio}, 'ready', ${SESSION}, ${audioKey}, 'track', 'APP_ENGINE', 'Tide.wav', ${files.wav.length}, 'audio/wav',
     'Maya Rivers', 'Tide', 'Tide', ${JSON.stringify({ kind: 'audio', mime: 'audio/wav', extension: 'wav', channels: 1, sampleRate: 8000, bitDepth: 16, durationSeconds: 0.5 })}::jsonb,
     ${ids.artistUser}, ${at}, ${at}, ${at}, ${sha256(files.wav)}),
    (${ids.artwork}, 'ready', ${SESSION}, ${artworkKey}, 'artwork', 'APP_ENGINE', 'cover.jpg', ${files.jpeg.length}, 'image/jpeg',
     'Maya Rivers', null, 'Tide', ${JSON.stringify({ kind: 'image', mime: 'image/jpeg', extension: 'jpg', width: 64, height: 64 })}::jsonb,
     ${ids.artistUser}, ${at}, ${at}, ${at}, ${sha256(files.jpeg)})`);
  await db.execute(sql`insert into submissions (id, status, artist_id, upload_session_id, item_name, upload_type, release_type,
      release_title, release_date, release_strategy, primary_genre, sub_genre, artist_details, artwork_upload_id, form_data,
      additional_data, submitted_by_user_id, created_at, updated_at, rating, assigned_user_id)
    values (${ids.submission}, 'approved', ${ids.artist}, ${SESSION}, 'Maya Rivers - Tide', 'new-music', 'single', 'Tide',
      '2026-03-06', 'single', 'Electronic', 'House', ${JSON.stringify({ artistName: 'Maya Rivers', email: 'maya@rivers.example' })}::jsonb,
      ${ids.artwork}, ${JSON.stringify({ step: 4 })}::jsonb, '{}'::jsonb, ${ids.artistUser}, ${at}, ${at}, 4, ${ids.staffUser})`);
  await db.execute(sql`insert into submission_tracks (id, submission_id, position, client_id, title, audio_upload_id,
      production_year, isrc, created_at)
    values (${ids.track}, ${ids.submission}, 1, 'track-1', 'Tide', ${ids.audio}, '2025', 'GBAYE2500001', ${at})`);
  await db.execute(sql`insert into track_contributors (track_id, position, client_id, kind, first_name, surname, roles,
      is_featured, is_primary_artist)
    values (${ids.track}, 0, 'contributor-1', 'producer', 'Maya', 'Rivers', '["Producer","Mixing Engineer"]'::jsonb, false, true)`);
  await db.execute(sql`insert into master_splits (submission_id, track_id, position, first_name, last_name, email, percentage)
    values (${ids.submission}, ${ids.track}, 0, 'Maya', 'Rivers', 'maya@rivers.example', 62.5),
           (${ids.submission}, ${ids.track}, 1, 'Sam', 'Okoro', 'sam@okoro.example', 37.5)`);
  await db.execute(sql`insert into submission_events (submission_id, type, actor_user_id, from_status, to_status, message, created_at)
    values (${ids.submission}, 'created', ${ids.artistUser}, null, 'pending', null, ${at}),
           (${ids.submission}, 'status_changed', ${ids.staffUser}, 'pending', 'approved', 'Lovely record.', ${at})`);
  await db.execute(sql`insert into agreement_templates (id, version, title, body, created_by_user_id, created_at)
    values (${ids.template}, 1, 'Artist agreement', ${text}, ${ids.staffUser}, ${at})`);
  await db.execute(sql`insert into signature_requests (id, artist_id, template_id, template_version, status, signer_name,
      signer_email, document_title, document_text, document_sha256, created_at, expires_at, viewed_at, consented_at, signed_at,
      signature_method, signature_text, signer_ip, signer_user_agent, sealed_file_key, sealed_sha256, sealed_bytes, sealed_at, updated_at)
    values (${ids.agreement}, ${ids.artist}, ${ids.template}, 1, 'signed', 'Maya Rivers', 'maya@rivers.example',
      'Artist agreement', ${text}, ${sha256(text)}, ${at}, '2025-07-02T09:30:00Z', ${at}, ${at}, ${at}, 'typed', 'Maya Rivers',
      '203.0.113.7', 'Mozilla/5.0 (fixture)', ${agreementKey}, ${sha256(files.pdf)}, ${files.pdf.length}, ${at}, ${at})`);
  await db.execute(sql`insert into signature_events (request_id, type, actor_user_id, ip, data, created_at) values
    (${ids.agreement}, 'signed', ${ids.artistUser}, '203.0.113.7', '{"method":"typed"}'::jsonb, ${at}),
    (${ids.agreement}, 'sealed', null, null, ${JSON.stringify({ sha256: sha256(files.pdf) })}::jsonb, ${at})`);
  await db.execute(sql`insert into app_settings (key, value) values
    ('signingKey', '"Zml4dHVyZS1zaWduaW5nLWtleS1vZi0zMi1ieXRlcy1sb25n"'::jsonb),
    ('submissionsEnabled', 'true'::jsonb), ('responsePromiseDays', '12'::jsonb)`);
  await db.execute(sql`insert into jobs (type, unique_key, payload, run_at) values
    ('maintenance.clean-up', 'maintenance.clean-up', '{}'::jsonb, '2025-06-02T10:00:00Z')`);
  await db.execute(sql`insert into waiting_list_entries (first_name, surname, artist_name, email, country, city, listen_link)
    values ('Jo', 'Lane', 'Jo Lane', 'jo@lane.example', 'IE', 'Cork', 'https://soundcloud.com/jolane')`);
  return { audioKey, artworkKey, agreementKey };
}

async function main(): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-upgrade-fixture-'));
  const database = await openDatabase({});
  try {
    const journal = readJournal();
    const level = journal.findIndex((migration) => migration.tag === FIXTURE_MIGRATION) + 1;
    await migrateTo(database.db, level);
    const storage = createStorage(loadConfig({ DATA_DIR: work }).storage);
    const files = {
      wav: makeWav({ seconds: 0.5, sampleRate: 8_000, channels: 1 }),
      jpeg: await makeJpeg({ width: 64, height: 64 }),
      pdf: Buffer.from('%PDF-1.4\n% Imprint upgrade fixture: a sealed agreement stand-in\n%%EOF\n'),
    };
    const keys = await insertInstallation(database.db, files);
    await storage.put(keys.audioKey, files.wav, { contentType: 'audio/wav' });
    await storage.put(keys.artworkKey, files.jpeg, { contentType: 'image/jpeg' });
    await storage.put(keys.agreementKey, files.pdf, { contentType: 'application/pdf' });
    await fs.mkdir(path.dirname(UPGRADE_FIXTURE), { recursive: true });
    await fs.rm(UPGRADE_FIXTURE, { force: true });
    const summary = await createBackup({ db: database.db, storage, dataDir: work }, UPGRADE_FIXTURE, {
      now: new Date(at),
    });
    process.stdout.write(
      `${summary.file}: ${summary.bytes} bytes, ${summary.rows} rows, ${summary.objects} files\n`,
    );
  } finally {
    await database.close();
    await fs.rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
