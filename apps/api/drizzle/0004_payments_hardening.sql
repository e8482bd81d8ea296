CREATE TABLE "unallocated_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_system_ref" text NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"mpesa_receipt_number" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "unallocated_receipts_receipt_system_ref_unique" UNIQUE("receipt_system_ref"),
	CONSTRAINT "unallocated_receipts_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
DROP INDEX "payments_one_pending_per_invoice";--> statement-breakpoint
DROP INDEX "payments_one_success_per_invoice";--> statement-breakpoint
ALTER TABLE "policies" ALTER COLUMN "receipt_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "allocated_amount" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "query_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_query_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "start_date" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "end_date" text;--> statement-breakpoint
UPDATE "policies" SET "start_date" = q."start_date", "end_date" = q."end_date" FROM "quotations" q WHERE q."id" = "policies"."quotation_id";--> statement-breakpoint
ALTER TABLE "policies" ALTER COLUMN "start_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ALTER COLUMN "end_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "quotations" SET "expires_at" = "created_at" + interval '30 days';--> statement-breakpoint
ALTER TABLE "quotations" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "allocated_amount" = "amount", "settled_by" = CASE WHEN "receipt_number" IS NULL THEN 'query' ELSE 'callback' END WHERE "status" = 'success';--> statement-breakpoint
UPDATE "policies" SET "receipt_number" = NULL WHERE "receipt_number" LIKE 'confirmed by query %';--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_token" text;--> statement-breakpoint
ALTER TABLE "unallocated_receipts" ADD CONSTRAINT "unallocated_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unallocated_receipts" ADD CONSTRAINT "unallocated_receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unallocated_receipts" ADD CONSTRAINT "unallocated_receipts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_pending_by_invoice" ON "payments" USING btree ("invoice_id","status");