// A label at scale for bench/api.ts: artist accounts and submissions with tracks, their statuses
// and release types spread as a real board's are, over two years, inserted in batches in the order
// they would have arrived. Plain SQL (generate_series), so 100,000 submissions take seconds on
// PostgreSQL and PGlite alike.
import { sql } from 'drizzle-orm';
import { WAVEFORM_BARS } from '../../src/domain/audio/waveform-peaks';
import type { Database } from '../../src/server/db/client';
import type { WavInspection } from '../../src/server/services/uploads/inspect-upload';

/** What the upload check records for a 200-second 24-bit stereo WAV. */
const BENCH_WAV: WavInspection = {
  kind: 'audio',
  format: 'wav',
  mime: 'audio/wav',
  extension: 'wav',
  channels: 2,
  sampleRate: 44_100,
  bitDepth: 24,
  encoding: 'pcm',
  blockAlign: 6,
  durationSeconds: 200,
  dataOffset: 44,
  dataBytes: 52_920_000,
};

export interface SeedOptions {
  artists: number;
  submissions: number;
  /** Submissions of the first artist (bench-artist-1@example.com): the artist area's big list. */
  heavyArtistSubmissions: number;
  batchSize?: number;
}

export const heavyArtistEmail = 'bench-artist-1@example.com';

export interface SeedResult {
  submissions: number;
  tracks: number;
  seconds: number;
}

/** Seeds onto an empty (migrated) database; returns what it holds afterwards. */
export async function seedSubmissions(db: Database, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const { artists, submissions, heavyArtistSubmissions } = options;
  if (artists < 2) throw new Error('ARTISTS must be at least 2: the heavy artist and the others');
  const batchSize = options.batchSize ?? 10_000;
  await db.execute(sql`
    insert into users (email, name, created_at)
    select 'bench-artist-' || g || '@example.com', 'Bench Person ' || g, now() - random() * interval '730 days'
      from generate_series(1, ${artists}) g`);
  await db.execute(sql`
    insert into artists (user_id, email, name, artist_name, country, city, biography, spotify_profile, created_at)
    select id, email, name, 'Bench Artist ' || substring(email from '[0-9]+'),
           (array['United Kingdom', 'Germany', 'United States', 'France', 'Nigeria'])[1 + (length(email) % 5)],
           (array['Manchester', 'Berlin', 'Austin', 'Lyon', 'Lagos'])[1 + (length(email) % 5)],
           'Warm synths, live bass and close-miked vocals.',
           'https://open.spotify.com/artist/0bench' || substring(email from '[0-9]+'),
           created_at
      from users where email like 'bench-artist-%'`);

  for (let from = 1; from <= submissions; from += batchSize) {
    const to = Math.min(submissions, from + batchSize - 1);
    // The first heavyArtistSubmissions go to artist 1, the rest round the others. Statuses as a
    // board holds them: most waiting or done, a few rejected or failed.
    await db.execute(sql`
      with numbered as (
        select id, substring(email from '[0-9]+')::int as n, artist_name, email from artists where email like 'bench-artist-%'
      ), rows as (
        select g, a.id as artist_id, a.artist_name, a.email,
               (array['single', 'single', 'single', 'single', 'single', 'single', 'ep', 'ep', 'ep', 'lp'])[1 + (g % 10)] as release_type,
               now() - random() * interval '730 days' as at
          from generate_series(${from}::int, ${to}::int) g
          join numbered a on a.n = case when g <= ${heavyArtistSubmissions} then 1 else 2 + (g % ${artists - 1}) end
      )
      insert into submissions (status, artist_id, upload_session_id, item_name, upload_type, release_type,
        release_title, release_date, release_strategy, primary_genre, sub_genre, bio, influences,
        artist_details, form_data, additional_data, created_at, status_changed_at, updated_at)
      select (array['pending', 'pending', 'pending', 'in_progress', 'processing', 'approved', 'approved', 'live', 'live', 'rejected'])[1 + ((g * 7) % 10)]::submission_status,
             artist_id, 'bench-' || g, artist_name || ' - Release ' || g, 'new-music', release_type,
             'Release ' || g, to_char(at + interval '60 days', 'YYYY-MM-DD'), 'together',
             (array['Electronic', 'Pop', 'Hip-Hop/Rap', 'Rock', 'Jazz'])[1 + (g % 5)], 'Various',
             'Late-night electronic soul.', 'Jessie Ware, Little Dragon',
             jsonb_build_object('firstName', 'Bench', 'surname', 'Person', 'email', email, 'artistName', artist_name,
               'country', 'United Kingdom', 'city', 'Manchester', 'instagramProfile', '', 'tiktokProfile', ''),
             jsonb_build_object('uploadType', 'new-music', 'releaseTitle', 'Release ' || g, 'releaseType', release_type),
             '{}'::jsonb, at, at + random() * interval '30 days', at
        from rows
       order by at`);
    await db.execute(sql`
      insert into submission_tracks (submission_id, position, client_id, title, production_year, isrc, created_at)
      select s.id, p, 'track-' || p, 'Track ' || p || ' of ' || s.release_title, '2024',
             'GB-BEN-24-' || lpad((substring(s.upload_session_id from 7)::int * 10 + p)::text, 5, '0'), s.created_at
        from submissions s
        cross join lateral generate_series(1, case s.release_type when 'single' then 1 when 'ep' then 4 else 10 end) p
       where s.upload_session_id in (select 'bench-' || g from generate_series(${from}::int, ${to}::int) g)`);
    // Each track's WAV, with the board preview's waveform (WAVEFORM_BARS peaks) as the
    // media.audio-peaks job leaves it: the board's rows read their first track's.
    await db.execute(sql`
      with tracks as materialized (
        select t.id as track_id, gen_random_uuid() as upload_id, t.title, s.upload_session_id, s.created_at,
               s.artist_details->>'artistName' as artist_name, s.release_title
          from submission_tracks t join submissions s on s.id = t.submission_id
         where s.upload_session_id in (select 'bench-' || g from generate_series(${from}::int, ${to}::int) g)
      ), stored as (
        insert into uploads (id, status, session_id, storage_key, file_type, upload_method, original_name,
          original_size, content_type, artist_name, track_title, release_title, media, audio_peaks, created_at)
        select upload_id, 'ready', upload_session_id, 'bench/' || upload_id || '.wav', 'audio', 'APP_ENGINE',
               title || '.wav', ${BENCH_WAV.dataOffset + BENCH_WAV.dataBytes}, ${BENCH_WAV.mime}, artist_name, title, release_title,
               ${JSON.stringify(BENCH_WAV)}::jsonb,
               (select jsonb_agg((20 + (b * 37) % 80)) from generate_series(1, ${WAVEFORM_BARS}) b), created_at
          from tracks
      )
      update submission_tracks t set audio_upload_id = tracks.upload_id from tracks where t.id = tracks.track_id`);
  }
  // The submissions' rows as a board that has been running lays them out. Each submission was
  // written twice here (inserted, then its search text renewed by its tracks' insert), all at
  // once, so half the table would be the space of old versions (340 MB for 72 MB of rows at
  // 100,000 while the uploads' write renewed it a third time, before drizzle/0022). A running
  // board writes as many versions, but a few at a time, and every new one reuses the space vacuum
  // freed (PostgreSQL's autovacuum; on the embedded database the hourly
  // jobs/vacuum-embedded-database.ts). VACUUM FULL packs the table as dense as that reuse keeps it.
  await db.execute(sql`vacuum full submissions`);
  // As a running board would be: PostgreSQL's autovacuum, or the embedded database's hourly
  // vacuum job, cleans up after a load like this one and keeps the planner's statistics.
  await db.execute(sql`vacuum (analyze)`);
  const counted = (await db.execute(sql`
    select (select count(*) from submissions)::int as submissions,
           (select count(*) from submission_tracks)::int as tracks`)) as unknown as {
    rows: { submissions: number; tracks: number }[];
  };
  const row = counted.rows[0] ?? { submissions: 0, tracks: 0 };
  return { ...row, seconds: (performance.now() - started) / 1000 };
}
