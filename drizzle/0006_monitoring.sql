CREATE TYPE "public"."device_type" AS ENUM('mobile', 'tablet', 'desktop');--> statement-breakpoint
CREATE TYPE "public"."error_source" AS ENUM('client', 'server', 'job', 'provider');--> statement-breakpoint
CREATE TYPE "public"."web_vital_name" AS ENUM('LCP', 'FCP', 'CLS', 'INP', 'TTFB');--> statement-breakpoint
CREATE TABLE "provider_status" (
	"provider" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"implementation" text NOT NULL,
	"message" text,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_vital_histograms" (
	"name" "web_vital_name" NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"bin" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "web_vital_histograms_name_hour_bin_pk" PRIMARY KEY("name","hour","bin")
);
--> statement-breakpoint
CREATE TABLE "web_vitals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"page_load_id" text NOT NULL,
	"name" "web_vital_name" NOT NULL,
	"value" double precision NOT NULL,
	"bin" smallint NOT NULL,
	"route" text NOT NULL,
	"device_type" "device_type" NOT NULL,
	"navigation_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "error_reports_created_at_idx";--> statement-breakpoint
ALTER TABLE "error_reports" ALTER COLUMN "submission_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "source" "error_source" DEFAULT 'client' NOT NULL;--> statement-breakpoint
CREATE INDEX "web_vitals_name_created_at_idx" ON "web_vitals" USING btree ("name","created_at","bin");--> statement-breakpoint
CREATE INDEX "web_vitals_created_at_idx" ON "web_vitals" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "web_vitals_page_load_metric_key" ON "web_vitals" USING btree ("page_load_id","name");--> statement-breakpoint
CREATE INDEX "error_reports_created_at_idx" ON "error_reports" USING btree ("created_at","category","severity");