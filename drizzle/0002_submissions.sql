CREATE TYPE "public"."contributor_kind" AS ENUM('featured', 'non_featured', 'producer');--> statement-breakpoint
CREATE TYPE "public"."social_clip_status" AS ENUM('requested', 'ready', 'failed');--> statement-breakpoint
CREATE TYPE "public"."submission_status" AS ENUM('pending', 'in_progress', 'processing', 'approved', 'live', 'active', 'rejected', 'failed');--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"image" text,
	"spotify_url" text,
	"release_date" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"stage" text,
	"severity" text NOT NULL,
	"category" text NOT NULL,
	"url" text,
	"user_agent" text,
	"metadata" jsonb,
	"ip" text,
	"occurred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_splits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"track_id" uuid,
	"catalogue_item_id" uuid,
	"position" integer NOT NULL,
	"contributor_client_id" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"percentage" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_clips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"track_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"client_id" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"description" text,
	"status" "social_clip_status" DEFAULT 'requested' NOT NULL,
	"clip_upload_id" uuid,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor_user_id" uuid,
	"from_status" "submission_status",
	"to_status" "submission_status",
	"message" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"client_id" text NOT NULL,
	"title" text NOT NULL,
	"audio_upload_id" uuid,
	"release_as_single" boolean DEFAULT false NOT NULL,
	"single_release_date" text,
	"single_order" integer,
	"grouped_with_final_single" boolean DEFAULT false NOT NULL,
	"solo_work" boolean DEFAULT false NOT NULL,
	"production_year" text,
	"parental_advisory" text DEFAULT 'no' NOT NULL,
	"lyrics" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" "submission_status" DEFAULT 'pending' NOT NULL,
	"artist_id" uuid NOT NULL,
	"upload_session_id" text NOT NULL,
	"item_name" text NOT NULL,
	"upload_type" text NOT NULL,
	"release_type" text NOT NULL,
	"release_title" text NOT NULL,
	"release_date" text,
	"release_strategy" text NOT NULL,
	"primary_genre" text NOT NULL,
	"sub_genre" text NOT NULL,
	"early_release_request" boolean DEFAULT false NOT NULL,
	"early_release_reason" text DEFAULT '' NOT NULL,
	"distributor" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"influences" text DEFAULT '' NOT NULL,
	"pro_number" text DEFAULT '' NOT NULL,
	"publishing_administration_interest" boolean DEFAULT false NOT NULL,
	"artist_details" jsonb NOT NULL,
	"artwork_upload_id" uuid,
	"form_data" jsonb NOT NULL,
	"additional_data" jsonb NOT NULL,
	"submitted_by_user_id" uuid,
	"submitter_ip" text,
	"submitter_user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_contributors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"track_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"client_id" text NOT NULL,
	"kind" "contributor_kind" NOT NULL,
	"first_name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text,
	"roles" jsonb NOT NULL,
	"is_featured" boolean NOT NULL,
	"is_primary_artist" boolean NOT NULL,
	"spotify_url" text
);
--> statement-breakpoint
CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"surname" text NOT NULL,
	"artist_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"instagram_profile" text,
	"tiktok_profile" text,
	"spotify_profile" text,
	"listen_link" text NOT NULL,
	"project_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_splits" ADD CONSTRAINT "master_splits_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_splits" ADD CONSTRAINT "master_splits_track_id_submission_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."submission_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_splits" ADD CONSTRAINT "master_splits_catalogue_item_id_catalogue_items_id_fk" FOREIGN KEY ("catalogue_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_clips" ADD CONSTRAINT "social_clips_track_id_submission_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."submission_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_clips" ADD CONSTRAINT "social_clips_clip_upload_id_uploads_id_fk" FOREIGN KEY ("clip_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_events" ADD CONSTRAINT "submission_events_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_events" ADD CONSTRAINT "submission_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_tracks" ADD CONSTRAINT "submission_tracks_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_tracks" ADD CONSTRAINT "submission_tracks_audio_upload_id_uploads_id_fk" FOREIGN KEY ("audio_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_artwork_upload_id_uploads_id_fk" FOREIGN KEY ("artwork_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_contributors" ADD CONSTRAINT "track_contributors_track_id_submission_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."submission_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_items_submission_id_idx" ON "catalogue_items" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "error_reports_created_at_idx" ON "error_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "master_splits_submission_id_idx" ON "master_splits" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "social_clips_track_id_idx" ON "social_clips" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "submission_events_submission_id_idx" ON "submission_events" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "submission_tracks_position_key" ON "submission_tracks" USING btree ("submission_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_upload_session_id_key" ON "submissions" USING btree ("upload_session_id");--> statement-breakpoint
CREATE INDEX "submissions_status_created_at_idx" ON "submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "submissions_artist_id_idx" ON "submissions" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "track_contributors_track_id_idx" ON "track_contributors" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "waiting_list_entries_email_idx" ON "waiting_list_entries" USING btree ("email");--> statement-breakpoint
CREATE INDEX "waiting_list_entries_created_at_idx" ON "waiting_list_entries" USING btree ("created_at");