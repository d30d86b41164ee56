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
