CREATE TABLE "commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"intermediary_id" integer NOT NULL,
	"class_code" text NOT NULL,
	"premium" bigint NOT NULL,
	"rate_bps" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissions_policy_id_unique" UNIQUE("policy_id")
);
--> statement-breakpoint
CREATE TABLE "recommendations" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_ref" text NOT NULL,
	"help_request_intermediary_id" integer NOT NULL,
	"intermediary_id" integer NOT NULL,
	"client_user_id" uuid NOT NULL,
	"client_email" text NOT NULL,
	"note" text NOT NULL,
	"status" text DEFAULT 'SENT' NOT NULL,
	"rejection_reason" text,
	"accepted_quotation_id" integer,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "recommendations_system_ref_unique" UNIQUE("system_ref"),
	CONSTRAINT "recommendations_help_request_intermediary_id_unique" UNIQUE("help_request_intermediary_id"),
	CONSTRAINT "recommendations_status_check" CHECK ("recommendations"."status" in ('SENT', 'ACCEPTED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "intermediary_id" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "purchase_type" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "recommendation_id" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "intermediary_id" integer;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_intermediary_id_intermediaries_id_fk" FOREIGN KEY ("intermediary_id") REFERENCES "public"."intermediaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_help_request_intermediary_id_help_request_intermediaries_id_fk" FOREIGN KEY ("help_request_intermediary_id") REFERENCES "public"."help_request_intermediaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_intermediary_id_intermediaries_id_fk" FOREIGN KEY ("intermediary_id") REFERENCES "public"."intermediaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissions_intermediary_idx" ON "commissions" USING btree ("intermediary_id","created_at");--> statement-breakpoint
CREATE INDEX "recommendations_client_idx" ON "recommendations" USING btree ("client_user_id");--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_intermediary_id_intermediaries_id_fk" FOREIGN KEY ("intermediary_id") REFERENCES "public"."intermediaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_intermediary_id_intermediaries_id_fk" FOREIGN KEY ("intermediary_id") REFERENCES "public"."intermediaries"("id") ON DELETE no action ON UPDATE no action;