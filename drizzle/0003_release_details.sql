CREATE TYPE "public"."release_details_status" AS ENUM('draft', 'submitted');--> statement-breakpoint
CREATE TABLE "release_details" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"status" "release_details_status" DEFAULT 'draft' NOT NULL,
	"data" jsonb NOT NULL,
	"artwork_upload_id" uuid,
	"updated_by_user_id" uuid,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_tracks" ADD COLUMN "isrc" text;--> statement-breakpoint
ALTER TABLE "release_details" ADD CONSTRAINT "release_details_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_details" ADD CONSTRAINT "release_details_artwork_upload_id_uploads_id_fk" FOREIGN KEY ("artwork_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_details" ADD CONSTRAINT "release_details_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;