CREATE TABLE "analytics_hour_revisions" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers). An hour's analytics change after the hour
-- has ended only rarely: a CLS or INP value sent again moves a count between the bins of its page
-- load's hour; an error event's transaction began before the hour ended; retention; tests. Each
-- such change gives the hour a new revision, so a dashboard's cache of ended hours knows to read it
-- again. Rows of the current hour skip the trigger in its WHEN clause. Hours older than 8 days are
-- outside every dashboard window (at most 7 days) and are left alone.
CREATE SEQUENCE "analytics_revision_seq";--> statement-breakpoint
CREATE FUNCTION "analytics_hour_changed"(changed_hour timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_hour_revisions (hour, revision)
  VALUES (changed_hour, nextval('analytics_revision_seq'))
  ON CONFLICT (hour) DO UPDATE SET revision = excluded.revision;
END
$$;--> statement-breakpoint
CREATE FUNCTION "web_vital_histograms_revise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM analytics_hour_changed(OLD.hour); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM analytics_hour_changed(NEW.hour); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "error_reports_revise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM analytics_hour_changed(date_bin('1 hour', OLD.created_at, timestamptz '1970-01-01 00:00:00+00'));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM analytics_hour_changed(date_bin('1 hour', NEW.created_at, timestamptz '1970-01-01 00:00:00+00'));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- TRUNCATE names no rows: the revision of '-infinity' stands for every hour.
CREATE FUNCTION "analytics_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_hour_changed('-infinity');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "web_vital_histograms_revise_insert" AFTER INSERT ON "web_vital_histograms" FOR EACH ROW
  WHEN (NEW.hour < date_bin('1 hour', now(), timestamptz '1970-01-01 00:00:00+00') AND NEW.hour >= now() - interval '8 days')
  EXECUTE FUNCTION web_vital_histograms_revise();--> statement-breakpoint
CREATE TRIGGER "web_vital_histograms_revise_change" AFTER UPDATE OR DELETE ON "web_vital_histograms" FOR EACH ROW
  WHEN (OLD.hour < date_bin('1 hour', now(), timestamptz '1970-01-01 00:00:00+00') AND OLD.hour >= now() - interval '8 days')
  EXECUTE FUNCTION web_vital_histograms_revise();--> statement-breakpoint
CREATE TRIGGER "web_vital_histograms_revise_truncate" AFTER TRUNCATE ON "web_vital_histograms"
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_truncated();--> statement-breakpoint
CREATE TRIGGER "error_reports_revise_insert" AFTER INSERT ON "error_reports" FOR EACH ROW
  WHEN (NEW.created_at < date_bin('1 hour', now(), timestamptz '1970-01-01 00:00:00+00') AND NEW.created_at >= now() - interval '8 days')
  EXECUTE FUNCTION error_reports_revise();--> statement-breakpoint
CREATE TRIGGER "error_reports_revise_change" AFTER UPDATE OR DELETE ON "error_reports" FOR EACH ROW
  WHEN (OLD.created_at < date_bin('1 hour', now(), timestamptz '1970-01-01 00:00:00+00') AND OLD.created_at >= now() - interval '8 days')
  EXECUTE FUNCTION error_reports_revise();--> statement-breakpoint
CREATE TRIGGER "error_reports_revise_truncate" AFTER TRUNCATE ON "error_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_truncated();
