-- The facts a signed-in artist's session holds beside the artist record (issue 19 §3): how many
-- submissions are theirs and their latest signed agreement (services/auth/sessions.ts). Every
-- process keeps resolved sessions in memory (services/auth/session-cache.ts); these triggers
-- announce a change to those facts on its channel, whoever writes it, so each process forgets the
-- sessions of that artist once the change commits. A TRUNCATE announces that everything changed.
CREATE OR REPLACE FUNCTION announce_artist_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.artist_id IS NOT NULL THEN
    PERFORM pg_notify('imprint_sessions', 'artist:' || OLD.artist_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.artist_id IS NOT NULL THEN
    PERFORM pg_notify('imprint_sessions', 'artist:' || NEW.artist_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION announce_all_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('imprint_sessions', 'all');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER submissions_announce_artist_facts AFTER INSERT OR DELETE OR UPDATE OF artist_id ON submissions
  FOR EACH ROW EXECUTE FUNCTION announce_artist_facts();--> statement-breakpoint
CREATE TRIGGER submissions_announce_truncate AFTER TRUNCATE ON submissions
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_sessions();--> statement-breakpoint
-- Only what the facts read: a request's artist, status, schedule or signing time (not its views,
-- consent or deadline).
CREATE TRIGGER signature_requests_announce_artist_facts AFTER INSERT OR DELETE OR UPDATE OF artist_id, status, schedule_id, signed_at ON signature_requests
  FOR EACH ROW EXECUTE FUNCTION announce_artist_facts();--> statement-breakpoint
CREATE TRIGGER signature_requests_announce_truncate AFTER TRUNCATE ON signature_requests
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_sessions();
