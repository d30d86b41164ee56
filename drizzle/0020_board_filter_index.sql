DROP INDEX "submissions_release_date_idx";--> statement-breakpoint
DROP INDEX "submissions_pending_waiting_since_idx";--> statement-breakpoint
CREATE INDEX "submissions_release_date_status_times_idx" ON "submissions" USING btree ("release_date","status","created_at","status_changed_at","id");--> statement-breakpoint
CREATE INDEX "submissions_release_type_genre_status_idx" ON "submissions" USING btree ("release_type","primary_genre","status","created_at","id","status_changed_at","release_date");--> statement-breakpoint
CREATE INDEX "submissions_pending_waiting_since_idx" ON "submissions" USING btree (coalesce("returned_to_pending_at", "created_at"),"id","created_at","returned_to_pending_at") WHERE "submissions"."status" = 'pending';