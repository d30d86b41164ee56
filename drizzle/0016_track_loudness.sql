CREATE TYPE "public"."track_loudness_status" AS ENUM('measured', 'failed');--> statement-breakpoint
CREATE TABLE "track_loudness" (
	"track_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"status" "track_loudness_status" NOT NULL,
	"reason" text,
	"sha256" text,
	"integrated_lufs" double precision,
	"true_peak_dbtp" double precision,
	"sample_peak_dbfs" double precision,
	"clipped_samples" bigint,
	"leading_silence_seconds" double precision,
	"trailing_silence_seconds" double precision,
	"duration_seconds" double precision,
	"sample_rate" integer,
	"bit_depth" integer,
	"channels" integer,
	"complete" boolean,
	"measured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "track_loudness_track_id_upload_id_pk" PRIMARY KEY("track_id","upload_id")
);
--> statement-breakpoint
ALTER TABLE "track_loudness" ADD CONSTRAINT "track_loudness_track_id_submission_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."submission_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_loudness" ADD CONSTRAINT "track_loudness_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "track_loudness_upload_id_idx" ON "track_loudness" USING btree ("upload_id");