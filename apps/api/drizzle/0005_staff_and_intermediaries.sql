CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_rates" (
	"class_code" text PRIMARY KEY NOT NULL,
	"class_name" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"cap_bps" integer NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "commission_rates_cap_check" CHECK ("commission_rates"."rate_bps" >= 0 and "commission_rates"."rate_bps" <= "commission_rates"."cap_bps")
);
--> statement-breakpoint
CREATE TABLE "help_request_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_intermediary_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_request_intermediaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"help_request_id" integer NOT NULL,
	"intermediary_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_request_intermediaries_help_request_id_intermediary_id_unique" UNIQUE("help_request_id","intermediary_id"),
	CONSTRAINT "help_request_intermediaries_status_check" CHECK ("help_request_intermediaries"."status" in ('PENDING', 'IN_REVIEW', 'QUOTED', 'ACCEPTED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_system_ref" text NOT NULL,
	"user_id" uuid,
	"verification_id" uuid,
	"client_first_name" text NOT NULL,
	"client_last_name" text NOT NULL,
	"client_email" text NOT NULL,
	"client_kra_pin" text NOT NULL,
	"risk_value" bigint NOT NULL,
	"chassis_number" text NOT NULL,
	"reg_no" text NOT NULL,
	"remarks" text NOT NULL,
	"expiry" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_requests_request_system_ref_unique" UNIQUE("request_system_ref")
);
--> statement-breakpoint
CREATE TABLE "intermediaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_ref" text NOT NULL,
	"intermediary_names" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"primary_email" text NOT NULL,
	"phone" text NOT NULL,
	"ira_licence_number" text NOT NULL,
	"profile_image" text,
	"description" text DEFAULT '' NOT NULL,
	"physical_address" text NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"suspended_reason" text,
	"suspended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intermediaries_system_ref_unique" UNIQUE("system_ref"),
	CONSTRAINT "intermediaries_primary_email_unique" UNIQUE("primary_email"),
	CONSTRAINT "intermediaries_category_check" CHECK ("intermediaries"."category" in ('BROKER', 'AGENT')),
	CONSTRAINT "intermediaries_status_check" CHECK ("intermediaries"."status" in ('ACTIVE', 'PENDING', 'SUSPENDED'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "intermediary_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "underwriter_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_request_events" ADD CONSTRAINT "help_request_events_request_intermediary_id_help_request_intermediaries_id_fk" FOREIGN KEY ("request_intermediary_id") REFERENCES "public"."help_request_intermediaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_request_events" ADD CONSTRAINT "help_request_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_request_intermediaries" ADD CONSTRAINT "help_request_intermediaries_help_request_id_help_requests_id_fk" FOREIGN KEY ("help_request_id") REFERENCES "public"."help_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_request_intermediaries" ADD CONSTRAINT "help_request_intermediaries_intermediary_id_intermediaries_id_fk" FOREIGN KEY ("intermediary_id") REFERENCES "public"."intermediaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "help_request_events_request_idx" ON "help_request_events" USING btree ("request_intermediary_id");--> statement-breakpoint
CREATE INDEX "help_request_intermediaries_inbox_idx" ON "help_request_intermediaries" USING btree ("intermediary_id","status");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_intermediary_id_intermediaries_id_fk" FOREIGN KEY ("intermediary_id") REFERENCES "public"."intermediaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_underwriter_id_underwriters_id_fk" FOREIGN KEY ("underwriter_id") REFERENCES "public"."underwriters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_intermediary_idx" ON "users" USING btree ("intermediary_id");--> statement-breakpoint
-- The old 'staff' role is gone: any such account becomes a disabled admin, signed out, for an admin to enable.
UPDATE "users" SET "role" = 'admin', "status" = 'DISABLED', "disabled_at" = now() WHERE "role" = 'staff';--> statement-breakpoint
UPDATE "sessions" SET "revoked_at" = now(), "revoked_reason" = 'role staff retired' WHERE "revoked_at" IS NULL AND "user_id" IN (SELECT "id" FROM "users" WHERE "role" = 'admin' AND "status" = 'DISABLED');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('client', 'intermediary', 'underwriter', 'admin'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_intermediary_role_check" CHECK (("users"."role" = 'intermediary') = ("users"."intermediary_id" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_underwriter_role_check" CHECK (("users"."role" = 'underwriter') = ("users"."underwriter_id" is not null));