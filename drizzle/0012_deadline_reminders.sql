CREATE TABLE "deadline_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"deadline_key" text NOT NULL,
	"deadline_date" text NOT NULL,
	"recipient" text NOT NULL,
	"recipient_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_reminders_once_key" ON "deadline_reminders" USING btree ("submission_id","deadline_key","deadline_date","recipient");