DROP INDEX "invitations_created_at_idx";--> statement-breakpoint
DROP INDEX "waiting_list_entries_created_at_idx";--> statement-breakpoint
CREATE INDEX "error_reports_created_at_id_idx" ON "error_reports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invitations_created_at_id_idx" ON "invitations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invitations_used_created_at_id_idx" ON "invitations" USING btree ("created_at","id") WHERE "invitations"."used_at" is not null;--> statement-breakpoint
CREATE INDEX "invitations_revoked_created_at_id_idx" ON "invitations" USING btree ("created_at","id") WHERE "invitations"."used_at" is null and "invitations"."revoked_at" is not null;--> statement-breakpoint
CREATE INDEX "invitations_open_created_at_id_idx" ON "invitations" USING btree ("created_at","id") WHERE "invitations"."used_at" is null and "invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "invitations_artist_id_created_at_id_idx" ON "invitations" USING btree ("artist_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invitations_waiting_list_entry_id_created_at_idx" ON "invitations" USING btree ("waiting_list_entry_id","created_at");--> statement-breakpoint
CREATE INDEX "waiting_list_entries_created_at_id_idx" ON "waiting_list_entries" USING btree ("created_at","id");