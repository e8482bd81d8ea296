CREATE TABLE "assessment_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_user_id" uuid NOT NULL,
	"intermediary_id" integer NOT NULL,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "assessment_shares_client_firm_unique" UNIQUE("client_user_id","intermediary_id")
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_shares" ADD CONSTRAINT "assessment_shares_client_user_id_assessments_user_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."assessments"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_shares" ADD CONSTRAINT "assessment_shares_intermediary_id_intermediaries_id_fk" FOREIGN KEY ("intermediary_id") REFERENCES "public"."intermediaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_shares_firm_idx" ON "assessment_shares" USING btree ("intermediary_id","shared_at");