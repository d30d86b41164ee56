DROP INDEX "submissions_status_created_at_idx";--> statement-breakpoint
DROP INDEX "submissions_artist_id_idx";--> statement-breakpoint
CREATE INDEX "submissions_created_at_id_idx" ON "submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_status_created_at_id_idx" ON "submissions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_artist_id_created_at_id_idx" ON "submissions" USING btree ("artist_id","created_at","id");