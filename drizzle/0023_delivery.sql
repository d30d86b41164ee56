CREATE TYPE "public"."delivery_attempt_status" AS ENUM('queued', 'sending', 'sent', 'acknowledged', 'rejected', 'failed');--> statement-breakpoint
CREATE TYPE "public"."delivery_kind" AS ENUM('initial', 'update', 'takedown');--> statement-breakpoint
CREATE TYPE "public"."delivery_state" AS ENUM('delivering', 'delivered', 'failed', 'taken_down');--> statement-breakpoint
CREATE TYPE "public"."identifier_origin" AS ENUM('artist', 'label', 'staff');--> statement-breakpoint
CREATE SEQUENCE "public"."icpn_item_reference_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."isrc_designation_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "delivery_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"target" text NOT NULL,
	"target_description" text NOT NULL,
	"kind" "delivery_kind" NOT NULL,
	"message_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"icpn" text NOT NULL,
	"release_key" text NOT NULL,
	"release" jsonb,
	"takedown_date" text,
	"status" "delivery_attempt_status" DEFAULT 'queued' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"error" text,
	"acknowledgement" jsonb,
	"requested_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "release_deliveries" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"icpn" text,
	"icpn_origin" "identifier_origin",
	"p_line_year" integer,
	"p_line_owner" text,
	"c_line_year" integer,
	"c_line_owner" text,
	"cover_source_upload_id" uuid,
	"cover_key" text,
	"cover_sha256" text,
	"cover_bytes" bigint,
	"cover_problem" text,
	"state" "delivery_state",
	"state_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_tracks" ADD COLUMN "isrc_origin" "identifier_origin";--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_deliveries" ADD CONSTRAINT "release_deliveries_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_deliveries" ADD CONSTRAINT "release_deliveries_cover_source_upload_id_uploads_id_fk" FOREIGN KEY ("cover_source_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_attempts_message_id_key" ON "delivery_attempts" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "delivery_attempts_submission_id_created_at_idx" ON "delivery_attempts" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "release_deliveries_icpn_key" ON "release_deliveries" USING btree ("icpn");--> statement-breakpoint
CREATE INDEX "release_deliveries_state_idx" ON "release_deliveries" USING btree ("state","submission_id") WHERE "release_deliveries"."state" is not null;--> statement-breakpoint
-- Every ISRC stored so far came from an artist (the release details, a resubmission).
UPDATE "submission_tracks" SET "isrc_origin" = 'artist' WHERE "isrc" IS NOT NULL;
