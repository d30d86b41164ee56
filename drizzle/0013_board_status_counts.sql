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
