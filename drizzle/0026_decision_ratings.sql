CREATE TABLE "decision_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"decision_id" bigint NOT NULL,
	"submission_id" uuid NOT NULL,
	"rater_user_id" uuid,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decision_ratings_rating_range" CHECK ("decision_ratings"."rating" between 1 and 5),
	CONSTRAINT "decision_ratings_comment_length" CHECK (char_length("decision_ratings"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "decision_ratings" ADD CONSTRAINT "decision_ratings_decision_id_submission_events_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."submission_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_ratings" ADD CONSTRAINT "decision_ratings_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_ratings" ADD CONSTRAINT "decision_ratings_rater_user_id_users_id_fk" FOREIGN KEY ("rater_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "decision_ratings_decision_id_key" ON "decision_ratings" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "decision_ratings_submission_id_idx" ON "decision_ratings" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "decision_ratings_updated_at_idx" ON "decision_ratings" USING btree ("updated_at");