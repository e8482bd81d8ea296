CREATE TABLE "school_children" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"student_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_children_unique" UNIQUE("user_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "school_fee_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_ref" text NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"admission_number" text NOT NULL,
	"student_name" text NOT NULL,
	"term" text NOT NULL,
	"amount" bigint NOT NULL,
	"due_date" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "school_fee_invoices_invoice_ref_unique" UNIQUE("invoice_ref"),
	CONSTRAINT "school_fee_invoices_amount_check" CHECK ("school_fee_invoices"."amount" > 0 and "school_fee_invoices"."amount" % 100 = 0)
);
--> statement-breakpoint
CREATE TABLE "school_fee_loans" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"school_invoice_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_students" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"admission_number" text NOT NULL,
	"student_name" text NOT NULL,
	"grade" text,
	CONSTRAINT "school_students_admission_unique" UNIQUE("school_id","admission_number")
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_ref" text NOT NULL,
	"name" text NOT NULL,
	"county" text NOT NULL,
	"town" text NOT NULL,
	"level" text NOT NULL,
	"paybill" text,
	"account_format" text,
	"is_sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schools_school_ref_unique" UNIQUE("school_ref")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "loan_pricing_bands" DROP CONSTRAINT "loan_pricing_bands_months_check";--> statement-breakpoint
ALTER TABLE "loans" DROP CONSTRAINT "loans_months_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "school_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "school_children" ADD CONSTRAINT "school_children_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_children" ADD CONSTRAINT "school_children_student_id_school_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."school_students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_fee_invoices" ADD CONSTRAINT "school_fee_invoices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_fee_invoices" ADD CONSTRAINT "school_fee_invoices_student_id_school_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."school_students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_fee_loans" ADD CONSTRAINT "school_fee_loans_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_fee_loans" ADD CONSTRAINT "school_fee_loans_school_invoice_id_school_fee_invoices_id_fk" FOREIGN KEY ("school_invoice_id") REFERENCES "public"."school_fee_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_students" ADD CONSTRAINT "school_students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_fee_invoices_student_idx" ON "school_fee_invoices" USING btree ("student_id","due_date");--> statement-breakpoint
CREATE INDEX "schools_name_idx" ON "schools" USING btree ("name","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_school_invoice_id_school_fee_invoices_id_fk" FOREIGN KEY ("school_invoice_id") REFERENCES "public"."school_fee_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('mpesa_paybill', 'wallet', 'invoice', 'premium_billed', 'underwriter', 'claims', 'refunds_paid', 'claim_payouts_mpesa', 'claim_payouts_garage', 'loan', 'lender', 'fees', 'school_invoice', 'school_fees_billed', 'school'));--> statement-breakpoint
ALTER TABLE "loan_pricing_bands" ADD CONSTRAINT "loan_pricing_bands_months_check" CHECK ("loan_pricing_bands"."months" between 2 and 10);--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_months_check" CHECK ("loans"."months" between 2 and 10);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK (("payments"."purpose" = 'invoice' and "payments"."invoice_id" is not null and "payments"."loan_id" is null) or ("payments"."purpose" = 'wallet_topup' and "payments"."invoice_id" is null and "payments"."loan_id" is null) or ("payments"."purpose" = 'loan' and "payments"."invoice_id" is null and "payments"."loan_id" is not null) or ("payments"."purpose" = 'cart' and "payments"."invoice_id" is null and "payments"."loan_id" is null and "payments"."cart_invoice_id" is not null) or ("payments"."purpose" = 'school_fee' and "payments"."invoice_id" is null and "payments"."loan_id" is null and "payments"."school_invoice_id" is not null));