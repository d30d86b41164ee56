CREATE TABLE "mail_preferences" (
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"turned_off_at" timestamp with time zone,
	"changed_via" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_preferences_email_kind_pk" PRIMARY KEY("email","kind")
);
