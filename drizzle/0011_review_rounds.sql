CREATE TYPE "public"."decision_kind" AS ENUM('approve', 'request_changes', 'decline');--> statement-breakpoint
CREATE TYPE "public"."review_round_status" AS ENUM('open', 'resubmitted', 'withdrawn');--> statement-breakpoint
ALTER TYPE "public"."submission_status" ADD VALUE 'changes_requested' BEFORE 'in_progress';--> statement-breakpoint
CREATE TABLE "decision_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "decision_kind" NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"created_by_user_id" uuid,
	"updated_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" "review_round_status" DEFAULT 'open' NOT NULL,
	"from_status" "submission_status" NOT NULL,
	"fields" jsonb NOT NULL,
	"message" text,
	"template_id" uuid,
	"requested_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb,
	"artist_comment" text,
	"resubmitted_by_user_id" uuid,
	"resubmitted_at" timestamp with time zone,
	"closed_by_user_id" uuid,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "submission_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "submission_events_submission_id_idx";--> statement-breakpoint
ALTER TABLE "submission_events" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "submission_events" ADD COLUMN "round_id" uuid;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "assigned_user_id" uuid;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "rating" smallint;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "decision_templates" ADD CONSTRAINT "decision_templates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_templates" ADD CONSTRAINT "decision_templates_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_template_id_decision_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."decision_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_resubmitted_by_user_id_users_id_fk" FOREIGN KEY ("resubmitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_notes" ADD CONSTRAINT "submission_notes_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_notes" ADD CONSTRAINT "submission_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "decision_templates_kind_name_key" ON "decision_templates" USING btree ("kind",lower("name")) WHERE "decision_templates"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_rounds_submission_number_key" ON "review_rounds" USING btree ("submission_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "review_rounds_one_open_per_submission" ON "review_rounds" USING btree ("submission_id") WHERE "review_rounds"."status" = 'open';--> statement-breakpoint
CREATE INDEX "submission_notes_submission_id_idx" ON "submission_notes" USING btree ("submission_id","created_at");--> statement-breakpoint
ALTER TABLE "submission_events" ADD CONSTRAINT "submission_events_template_id_decision_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."decision_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_events" ADD CONSTRAINT "submission_events_round_id_review_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."review_rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_events_submission_id_created_at_id_idx" ON "submission_events" USING btree ("submission_id","created_at","id");--> statement-breakpoint
CREATE INDEX "submission_events_declines_idx" ON "submission_events" USING btree ("created_at","template_id") WHERE "submission_events"."type" = 'status_changed' and "submission_events"."to_status" = 'rejected';