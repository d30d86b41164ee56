CREATE TABLE "release_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"source_key" text NOT NULL,
	"superseded_at" timestamp with time zone,
	"superseded_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "signature_requests_one_open_per_artist";--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "schedule_id" uuid;--> statement-breakpoint
ALTER TABLE "release_schedules" ADD CONSTRAINT "release_schedules_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_schedules" ADD CONSTRAINT "release_schedules_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "release_schedules_version_key" ON "release_schedules" USING btree ("submission_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "release_schedules_one_current" ON "release_schedules" USING btree ("submission_id") WHERE "release_schedules"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "release_schedules_artist_id_idx" ON "release_schedules" USING btree ("artist_id");--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_schedule_id_release_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."release_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signature_requests_one_open_per_schedule" ON "signature_requests" USING btree ("schedule_id") WHERE "signature_requests"."status" = 'awaiting_signature' and "signature_requests"."schedule_id" is not null;--> statement-breakpoint
CREATE INDEX "signature_requests_schedule_id_idx" ON "signature_requests" USING btree ("schedule_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_requests_one_open_per_artist" ON "signature_requests" USING btree ("artist_id") WHERE "signature_requests"."status" = 'awaiting_signature' and "signature_requests"."schedule_id" is null;