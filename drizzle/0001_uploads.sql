CREATE TYPE "public"."upload_method" AS ENUM('APP_ENGINE', 'CLOUD_STORAGE_DIRECT');--> statement-breakpoint
CREATE TYPE "public"."upload_status" AS ENUM('staged', 'ready');--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" "upload_status" NOT NULL,
	"session_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_type" text NOT NULL,
	"upload_method" "upload_method" NOT NULL,
	"original_name" text NOT NULL,
	"original_size" bigint NOT NULL,
	"content_type" text,
	"artist_name" text NOT NULL,
	"track_title" text,
	"release_title" text,
	"media" jsonb,
	"variants" jsonb,
	"uploader_user_id" uuid,
	"expires_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploader_user_id_users_id_fk" FOREIGN KEY ("uploader_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_storage_key_key" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "uploads_session_id_idx" ON "uploads" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "uploads_unclaimed_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."claimed_at" is null;