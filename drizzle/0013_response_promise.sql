CREATE TABLE "response_promise_run_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"answer_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "response_promise_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"outcome" text DEFAULT 'running' NOT NULL,
	"reason" text,
	"today" text NOT NULL,
	"promise_days" integer NOT NULL,
	"template_id" uuid,
	"template_name" text,
	"declined_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "returned_to_pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "response_promise_run_items" ADD CONSTRAINT "response_promise_run_items_run_id_response_promise_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."response_promise_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_promise_run_items" ADD CONSTRAINT "response_promise_run_items_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_promise_runs" ADD CONSTRAINT "response_promise_runs_template_id_decision_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."decision_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "response_promise_run_items_run_id_idx" ON "response_promise_run_items" USING btree ("run_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "response_promise_run_items_declined_once" ON "response_promise_run_items" USING btree ("submission_id") WHERE "response_promise_run_items"."result" = 'declined';--> statement-breakpoint
CREATE INDEX "response_promise_runs_created_at_id_idx" ON "response_promise_runs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_pending_waiting_since_idx" ON "submissions" USING btree (coalesce("returned_to_pending_at", "created_at"),"id") WHERE "submissions"."status" = 'pending';