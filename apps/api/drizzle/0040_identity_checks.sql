CREATE TABLE "identity_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"document" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_channel" text NOT NULL,
	"consent_text" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"mismatch_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"provider_job_id" text,
	"result_code" text,
	"result_text" text,
	"checked_at" timestamp with time zone,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_checks_document_check" CHECK ("identity_checks"."document" in ('ID', 'KRA_PIN')),
	CONSTRAINT "identity_checks_state_check" CHECK ("identity_checks"."state" in ('pending', 'verified', 'mismatch', 'retrying', 'staff_review', 'rejected', 'superseded'))
);
--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_checks_user_idx" ON "identity_checks" USING btree ("user_id","document","id");--> statement-breakpoint
CREATE INDEX "identity_checks_due_idx" ON "identity_checks" USING btree ("state","next_attempt_at");