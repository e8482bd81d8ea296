CREATE TABLE "claim_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"event" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"phone" text,
	"garage_name" text,
	"status" text NOT NULL,
	"originator_conversation_id" text,
	"conversation_id" text,
	"result_code" text,
	"result_desc" text,
	"reference" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "claim_settlements_originator_conversation_id_unique" UNIQUE("originator_conversation_id")
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_ref" text NOT NULL,
	"policy_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"underwriter_id" text NOT NULL,
	"intermediary_id" integer,
	"type" text NOT NULL,
	"incident_date" text NOT NULL,
	"place" text NOT NULL,
	"description" text NOT NULL,
	"ob_number" text,
	"other_party" jsonb,
	"status" text DEFAULT 'REPORTED' NOT NULL,
	"requested_documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assessor_id" uuid,
	"assessment_report" text,
	"assessed_loss" bigint,
	"excess" bigint NOT NULL,
	"sum_insured" bigint NOT NULL,
	"agreed_loss" bigint,
	"approved_amount" bigint,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_claim_ref_unique" UNIQUE("claim_ref"),
	CONSTRAINT "claims_status_check" CHECK ("claims"."status" in ('REPORTED', 'DOCUMENTS_PENDING', 'UNDER_ASSESSMENT', 'APPROVED', 'DECLINED', 'SETTLED', 'CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" text NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"upload_id" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_settlements" ADD CONSTRAINT "claim_settlements_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_settlements" ADD CONSTRAINT "claim_settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_underwriter_id_underwriters_id_fk" FOREIGN KEY ("underwriter_id") REFERENCES "public"."underwriters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_intermediary_id_intermediaries_id_fk" FOREIGN KEY ("intermediary_id") REFERENCES "public"."intermediaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_assessor_id_users_id_fk" FOREIGN KEY ("assessor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_events_claim_idx" ON "claim_events" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE INDEX "claim_settlements_claim_idx" ON "claim_settlements" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claims_user_idx" ON "claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "claims_underwriter_idx" ON "claims" USING btree ("underwriter_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "files_upload_id_idx" ON "files" USING btree ("uploaded_by","upload_id");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_kind","owner_id");