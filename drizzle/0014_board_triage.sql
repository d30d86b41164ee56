-- Issue 20 §5, written as three migrations on its branch (board triage, the status counts, the code indexes) and joined here after 0012/0013 of the deadline planner and the response promise.
-- The board's triage (issue 20 §5): search through trigrams, "waiting longest" and release-date
-- orders, the audio preview's waveform. pg_trgm is a trusted extension (PostgreSQL 13+): the
-- database owner may create it; PGlite loads it from its contrib bundle (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "audio_peaks" jsonb;--> statement-breakpoint
CREATE INDEX "submissions_search_text_trgm_idx" ON "submissions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "submissions_status_changed_at_id_idx" ON "submissions" USING btree ("status_changed_at","id");--> statement-breakpoint
CREATE INDEX "submissions_status_status_changed_at_id_idx" ON "submissions" USING btree ("status","status_changed_at","id");--> statement-breakpoint
CREATE INDEX "submissions_release_date_idx" ON "submissions" USING btree ("release_date");--> statement-breakpoint
-- The search text of one submission, from its own columns and its tracks' and catalogue items'.
-- ISRCs and UPCs are kept without hyphens or spaces, so 'GB-ABC-24-00001' and 'GBABC2400001'
-- find the same track (the query is normalised alike: domain/board/board-query.ts).
CREATE OR REPLACE FUNCTION submission_search_text(submission_id uuid, artist_details jsonb, release_title text, item_name text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ',
    artist_details->>'artistName', artist_details->>'firstName', artist_details->>'surname',
    artist_details->>'email', release_title, item_name,
    (SELECT string_agg(regexp_replace(t.isrc, '[^A-Za-z0-9]', '', 'g'), ' ')
       FROM submission_tracks t WHERE t.submission_id = $1 AND t.isrc IS NOT NULL),
    (SELECT string_agg(concat_ws(' ', regexp_replace(c.details->>'upc', '[^A-Za-z0-9]', '', 'g'),
                                      regexp_replace(c.details->>'isrc', '[^A-Za-z0-9]', '', 'g')), ' ')
       FROM catalogue_items c WHERE c.submission_id = $1)
  ))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION submissions_keep_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.artist_details IS DISTINCT FROM OLD.artist_details
     OR NEW.release_title IS DISTINCT FROM OLD.release_title OR NEW.item_name IS DISTINCT FROM OLD.item_name THEN
    NEW.search_text := submission_search_text(NEW.id, NEW.artist_details, NEW.release_title, NEW.item_name);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.status_changed_at := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER submissions_keep_search_text BEFORE INSERT OR UPDATE ON submissions
  FOR EACH ROW EXECUTE FUNCTION submissions_keep_search_text();--> statement-breakpoint
-- A track or catalogue item written, changed or removed: its submission's search text again, once
-- per statement (a submission's ten tracks are one insert).
CREATE OR REPLACE FUNCTION submission_children_refresh_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE submissions s SET search_text = submission_search_text(s.id, s.artist_details, s.release_title, s.item_name)
      WHERE s.id IN (SELECT DISTINCT o.submission_id FROM old_rows o);
  ELSE
    UPDATE submissions s SET search_text = submission_search_text(s.id, s.artist_details, s.release_title, s.item_name)
      WHERE s.id IN (SELECT DISTINCT n.submission_id FROM new_rows n);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER submission_tracks_search_insert AFTER INSERT ON submission_tracks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_children_refresh_search_text();--> statement-breakpoint
CREATE TRIGGER submission_tracks_search_update AFTER UPDATE ON submission_tracks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_children_refresh_search_text();--> statement-breakpoint
CREATE TRIGGER submission_tracks_search_delete AFTER DELETE ON submission_tracks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_children_refresh_search_text();--> statement-breakpoint
CREATE TRIGGER catalogue_items_search_insert AFTER INSERT ON catalogue_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_children_refresh_search_text();--> statement-breakpoint
CREATE TRIGGER catalogue_items_search_update AFTER UPDATE ON catalogue_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_children_refresh_search_text();--> statement-breakpoint
CREATE TRIGGER catalogue_items_search_delete AFTER DELETE ON catalogue_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_children_refresh_search_text();--> statement-breakpoint
-- The submissions already there: their search text, and when their status last changed (the
-- latest status event, else when they arrived).
UPDATE submissions s SET
  search_text = submission_search_text(s.id, s.artist_details, s.release_title, s.item_name),
  status_changed_at = coalesce(
    (SELECT max(e.created_at) FROM submission_events e WHERE e.submission_id = s.id
       AND e.type IN ('status_changed', 'changes_requested', 'resubmitted', 'change_request_withdrawn')),
    s.created_at);
--> statement-breakpoint
CREATE TABLE "submission_status_counts" (
	"status" "submission_status" PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- Kept by the submissions' own writes, once per statement (a batch of 10,000 is one update).
CREATE OR REPLACE FUNCTION submission_status_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM submission_status_counts;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE submission_status_counts c SET n = c.n - d.k
      FROM (SELECT o.status, count(*) AS k FROM old_rows o GROUP BY o.status) d WHERE c.status = d.status;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO submission_status_counts (status, n)
      SELECT w.status, count(*) FROM new_rows w GROUP BY w.status
      ON CONFLICT (status) DO UPDATE SET n = submission_status_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER submissions_status_counts_insert AFTER INSERT ON submissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_status_counts_keep();--> statement-breakpoint
CREATE TRIGGER submissions_status_counts_update AFTER UPDATE ON submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_status_counts_keep();--> statement-breakpoint
CREATE TRIGGER submissions_status_counts_delete AFTER DELETE ON submissions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_status_counts_keep();--> statement-breakpoint
CREATE TRIGGER submissions_status_counts_truncate AFTER TRUNCATE ON submissions
  FOR EACH STATEMENT EXECUTE FUNCTION submission_status_counts_keep();--> statement-breakpoint
INSERT INTO submission_status_counts (status, n) SELECT status, count(*) FROM submissions GROUP BY status;
--> statement-breakpoint
CREATE INDEX "catalogue_items_upc_code_idx" ON "catalogue_items" USING btree (lower(regexp_replace("details"->>'upc', '[^A-Za-z0-9]', '', 'g')));--> statement-breakpoint
CREATE INDEX "catalogue_items_isrc_code_idx" ON "catalogue_items" USING btree (lower(regexp_replace("details"->>'isrc', '[^A-Za-z0-9]', '', 'g')));--> statement-breakpoint
CREATE INDEX "submission_tracks_isrc_code_idx" ON "submission_tracks" USING btree (lower(regexp_replace("isrc", '[^A-Za-z0-9]', '', 'g')));--> statement-breakpoint
CREATE INDEX "submissions_artist_email_idx" ON "submissions" USING btree (lower("artist_details"->>'email'));