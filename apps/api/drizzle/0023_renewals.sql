ALTER TABLE "policies" ADD COLUMN "renews_policy_id" integer;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "renewal_of_policy_id" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_renews_policy_id_policies_id_fk" FOREIGN KEY ("renews_policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_renewal_of_policy_id_policies_id_fk" FOREIGN KEY ("renewal_of_policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_renews_policy_id_unique" UNIQUE("renews_policy_id");