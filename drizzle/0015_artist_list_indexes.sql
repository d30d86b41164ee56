CREATE INDEX "artists_created_at_id_idx" ON "artists" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "artists_list_name_idx" ON "artists" USING btree ((lower(coalesce(nullif(btrim("artist_name"), ''), nullif(btrim("name"), ''), "email")) collate "C"),"id");--> statement-breakpoint
CREATE INDEX "artists_list_email_idx" ON "artists" USING btree ((lower("email") collate "C"));