CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_system_ref" text NOT NULL,
	"quotation_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'UNPAID' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invoices_invoice_system_ref_unique" UNIQUE("invoice_system_ref"),
	CONSTRAINT "invoices_quotation_id_unique" UNIQUE("quotation_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_system_ref" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text DEFAULT 'mpesa' NOT NULL,
	"phone" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checkout_request_id" text,
	"merchant_request_id" text,
	"result_code" text,
	"result_desc" text,
	"receipt_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"last_queried_at" timestamp with time zone,
	CONSTRAINT "payments_payment_system_ref_unique" UNIQUE("payment_system_ref"),
	CONSTRAINT "payments_checkout_request_id_unique" UNIQUE("checkout_request_id"),
	CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number")
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_number" text NOT NULL,
	"certificate_number" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"quotation_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"receipt_number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policies_policy_number_unique" UNIQUE("policy_number"),
	CONSTRAINT "policies_certificate_number_unique" UNIQUE("certificate_number"),
	CONSTRAINT "policies_invoice_id_unique" UNIQUE("invoice_id")
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_quotation_ref" text NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"product_system_ref" text NOT NULL,
	"product_name" text NOT NULL,
	"underwriter_name" text NOT NULL,
	"cover_type" text NOT NULL,
	"vehicle_value" bigint NOT NULL,
	"period_days" integer NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"selected_benefits" jsonb NOT NULL,
	"excesses" jsonb NOT NULL,
	"breakdown" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"vehicle" jsonb NOT NULL,
	"client_details" jsonb NOT NULL,
	"business_type" text DEFAULT 'DIRECT' NOT NULL,
	"channel" text DEFAULT 'web' NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_system_quotation_ref_unique" UNIQUE("system_quotation_ref")
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_product_id_insurance_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."insurance_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_per_invoice" ON "payments" USING btree ("invoice_id") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success_per_invoice" ON "payments" USING btree ("invoice_id") WHERE "payments"."status" = 'success';