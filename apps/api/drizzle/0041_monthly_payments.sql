CREATE TABLE "policy_month_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"month_no" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"message_sw" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_month_events_once" UNIQUE("policy_id","month_no","kind")
);
--> statement-breakpoint
CREATE TABLE "product_monthly_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"version" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"loading_bps" integer NOT NULL,
	"grace_days" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_monthly_terms_version" UNIQUE("product_id","version"),
	CONSTRAINT "product_monthly_terms_loading_check" CHECK ("product_monthly_terms"."loading_bps" between 0 and 5000),
	CONSTRAINT "product_monthly_terms_grace_check" CHECK ("product_monthly_terms"."grace_days" between 0 and 27)
);
--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"policy_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"amount" bigint NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"response_ref_id" text,
	"result_desc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	CONSTRAINT "standing_orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "standing_orders_status_check" CHECK ("standing_orders"."status" in ('pending', 'active', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "commissions" DROP CONSTRAINT "commissions_policy_id_unique";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_quotation_id_unique";--> statement-breakpoint
ALTER TABLE "motor_certificates" DROP CONSTRAINT "motor_certificates_policy_id_unique";--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
UPDATE "commissions" SET "invoice_id" = "policies"."invoice_id" FROM "policies" WHERE "policies"."id" = "commissions"."policy_id";--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "invoice_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "month_no" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "policy_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_date" text;--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD COLUMN "month_no" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "standing_order_id" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "payment_plan" text DEFAULT 'annual' NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "paid_until" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "payment_plan" text DEFAULT 'annual' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "monthly_plan" jsonb;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "monthly_terms_id" integer;--> statement-breakpoint
ALTER TABLE "policy_month_events" ADD CONSTRAINT "policy_month_events_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_monthly_terms" ADD CONSTRAINT "product_monthly_terms_product_id_insurance_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."insurance_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_monthly_terms" ADD CONSTRAINT "product_monthly_terms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_month_events_policy_idx" ON "policy_month_events" USING btree ("policy_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_orders_live_once" ON "standing_orders" USING btree ("policy_id") WHERE "standing_orders"."status" in ('pending', 'active');--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_monthly_terms_id_product_monthly_terms_id_fk" FOREIGN KEY ("monthly_terms_id") REFERENCES "public"."product_monthly_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_quotation_once" ON "invoices" USING btree ("quotation_id") WHERE "invoices"."policy_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_policy_month_once" ON "invoices" USING btree ("policy_id","month_no") WHERE "invoices"."policy_id" is not null;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_invoice_id_unique" UNIQUE("invoice_id");--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD CONSTRAINT "motor_certificates_policy_month" UNIQUE NULLS NOT DISTINCT("policy_id","month_no");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('UNPAID', 'PAID', 'VOID'));