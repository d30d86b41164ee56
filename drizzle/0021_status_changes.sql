ALTER TABLE "submission_status_counts" ADD COLUMN "changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A number never given twice, not even after a rollback or a truncate: a counts row's "changes"
-- names one state of its status's submissions (the board keeps its overdue count by it).
CREATE SEQUENCE "submission_status_changes";--> statement-breakpoint
UPDATE "submission_status_counts" SET "changes" = nextval('submission_status_changes');--> statement-breakpoint
CREATE OR REPLACE FUNCTION submission_status_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM submission_status_counts;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE submission_status_counts c SET n = c.n - d.k, changes = nextval('submission_status_changes')
      FROM (SELECT o.status, count(*) AS k FROM old_rows o GROUP BY o.status) d WHERE c.status = d.status;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO submission_status_counts (status, n, changes)
      SELECT w.status, count(*), nextval('submission_status_changes') FROM new_rows w GROUP BY w.status
      ON CONFLICT (status) DO UPDATE
        SET n = submission_status_counts.n + excluded.n, changes = excluded.changes;
  END IF;
  RETURN NULL;
END
$$;
