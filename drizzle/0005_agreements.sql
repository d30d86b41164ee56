CREATE TYPE "public"."signature_provider" AS ENUM('builtin', 'dropbox_sign');--> statement-breakpoint
CREATE TYPE "public"."signature_status" AS ENUM('awaiting_signature', 'signed', 'declined', 'expired');--> statement-breakpoint
CREATE TABLE "agreement_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor_user_id" uuid,
	"ip" text,
	"user_agent" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"template_version" integer NOT NULL,
	"status" "signature_status" DEFAULT 'awaiting_signature' NOT NULL,
	"provider" "signature_provider" DEFAULT 'builtin' NOT NULL,
	"provider_request_id" text,
	"provider_signature_id" text,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"document_title" text NOT NULL,
	"document_text" text NOT NULL,
	"document_sha256" text NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"viewed_at" timestamp with time zone,
	"consented_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"decline_reason" text,
	"signature_method" text,
	"signature_text" text,
	"signature_image" text,
	"signer_ip" text,
	"signer_user_agent" text,
	"sealed_file_key" text,
	"sealed_sha256" text,
	"sealed_bytes" integer,
	"sealed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_templates" ADD CONSTRAINT "agreement_templates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_events" ADD CONSTRAINT "signature_events_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_events" ADD CONSTRAINT "signature_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_template_id_agreement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."agreement_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_templates_version_key" ON "agreement_templates" USING btree ("version");--> statement-breakpoint
CREATE INDEX "signature_events_request_id_idx" ON "signature_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_requests_token_hash_key" ON "signature_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_requests_one_open_per_artist" ON "signature_requests" USING btree ("artist_id") WHERE "signature_requests"."status" = 'awaiting_signature';--> statement-breakpoint
CREATE UNIQUE INDEX "signature_requests_provider_request_key" ON "signature_requests" USING btree ("provider_request_id");--> statement-breakpoint
CREATE INDEX "signature_requests_artist_id_idx" ON "signature_requests" USING btree ("artist_id","created_at");