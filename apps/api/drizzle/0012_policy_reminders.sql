CREATE TABLE "policy_reminders" (
	"policy_id" integer NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_reminders_policy_id_days_before_pk" PRIMARY KEY("policy_id","days_before")
);
--> statement-breakpoint
ALTER TABLE "policy_reminders" ADD CONSTRAINT "policy_reminders_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;