CREATE TABLE "lenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_ref" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"primary_email" text NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"auto_approve_max_principal" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lenders_system_ref_unique" UNIQUE("system_ref"),
	CONSTRAINT "lenders_status_check" CHECK ("lenders"."status" in ('ACTIVE', 'SUSPENDED'))
);
--> statement-breakpoint
CREATE TABLE "loan_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"instalment_number" integer DEFAULT 0 NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_events_once" UNIQUE("loan_id","kind","instalment_number")
);
--> statement-breakpoint
CREATE TABLE "loan_instalments" (
	"loan_id" integer NOT NULL,
	"number" integer NOT NULL,
	"due_date" text NOT NULL,
	"amount" bigint NOT NULL,
	"principal" bigint NOT NULL,
	"fee" bigint NOT NULL,
	CONSTRAINT "loan_instalments_loan_id_number_pk" PRIMARY KEY("loan_id","number")
);
--> statement-breakpoint
CREATE TABLE "loan_pricing_bands" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"min_principal" bigint NOT NULL,
	"max_principal" bigint,
	"months" integer NOT NULL,
	"facility_fee" bigint,
	"monthly_rate_ppm" integer,
	CONSTRAINT "loan_pricing_bands_unique" UNIQUE("table_id","min_principal","months"),
	CONSTRAINT "loan_pricing_bands_months_check" CHECK ("loan_pricing_bands"."months" between 4 and 10),
	CONSTRAINT "loan_pricing_bands_price_check" CHECK (("loan_pricing_bands"."facility_fee" is null) <> ("loan_pricing_bands"."monthly_rate_ppm" is null) and coalesce("loan_pricing_bands"."facility_fee", 0) >= 0 and coalesce("loan_pricing_bands"."monthly_rate_ppm", 0) >= 0),
	CONSTRAINT "loan_pricing_bands_range_check" CHECK ("loan_pricing_bands"."min_principal" >= 0 and ("loan_pricing_bands"."max_principal" is null or "loan_pricing_bands"."max_principal" >= "loan_pricing_bands"."min_principal"))
);
--> statement-breakpoint
CREATE TABLE "loan_pricing_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"lender_id" integer NOT NULL,
	"product" text NOT NULL,
	"name" text NOT NULL,
	"effective_from" text NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_pricing_tables_effective_unique" UNIQUE("lender_id","product","effective_from"),
	CONSTRAINT "loan_pricing_tables_product_check" CHECK ("loan_pricing_tables"."product" in ('ipf', 'school_fees'))
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_ref" text NOT NULL,
	"product" text NOT NULL,
	"user_id" uuid NOT NULL,
	"lender_id" integer NOT NULL,
	"invoice_id" integer,
	"pricing_table_id" integer NOT NULL,
	"principal" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"months" integer NOT NULL,
	"total_repayable" bigint NOT NULL,
	"fee_rate_bps" integer NOT NULL,
	"annual_rate_bps" integer NOT NULL,
	"status" text DEFAULT 'AWAITING_DEPOSIT' NOT NULL,
	"start_date" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deposit_paid_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"decline_reason" text,
	"settled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"refund_amount" bigint,
	CONSTRAINT "loans_loan_ref_unique" UNIQUE("loan_ref"),
	CONSTRAINT "loans_status_check" CHECK ("loans"."status" in ('AWAITING_DEPOSIT', 'PENDING', 'DECLINED', 'WITHDRAWN', 'ACTIVE', 'SETTLED', 'CANCELLED')),
	CONSTRAINT "loans_product_check" CHECK ("loans"."product" in ('ipf', 'school_fees')),
	CONSTRAINT "loans_months_check" CHECK ("loans"."months" between 4 and 10)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "loan_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "loan_target" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "financed_by_loan_id" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancelled_on" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lender_id" integer;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_pricing_bands" ADD CONSTRAINT "loan_pricing_bands_table_id_loan_pricing_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."loan_pricing_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_pricing_tables" ADD CONSTRAINT "loan_pricing_tables_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_pricing_tables" ADD CONSTRAINT "loan_pricing_tables_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_pricing_table_id_loan_pricing_tables_id_fk" FOREIGN KEY ("pricing_table_id") REFERENCES "public"."loan_pricing_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_events_loan_idx" ON "loan_events" USING btree ("loan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_open_invoice_unique" ON "loans" USING btree ("invoice_id") WHERE "loans"."status" in ('AWAITING_DEPOSIT', 'PENDING', 'ACTIVE');--> statement-breakpoint
CREATE INDEX "loans_lender_status_idx" ON "loans" USING btree ("lender_id","status","id");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_financed_by_loan_id_loans_id_fk" FOREIGN KEY ("financed_by_loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_loan_idx" ON "payments" USING btree ("loan_id","status");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK (("payments"."purpose" = 'invoice' and "payments"."invoice_id" is not null and "payments"."loan_id" is null) or ("payments"."purpose" = 'wallet_topup' and "payments"."invoice_id" is null and "payments"."loan_id" is null) or ("payments"."purpose" = 'loan' and "payments"."invoice_id" is null and "payments"."loan_id" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_lender_role_check" CHECK (("users"."role" = 'lender') = ("users"."lender_id" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('client', 'intermediary', 'underwriter', 'admin', 'lender'));