CREATE TABLE "cart_invoice_members" (
	"cart_invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	CONSTRAINT "cart_invoice_members_cart_invoice_id_position_pk" PRIMARY KEY("cart_invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "cart_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_invoice_ref" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_invoices_cart_invoice_ref_unique" UNIQUE("cart_invoice_ref")
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"quotation_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_once" UNIQUE("user_id","quotation_id")
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cart_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "cart_invoice_members" ADD CONSTRAINT "cart_invoice_members_cart_invoice_id_cart_invoices_id_fk" FOREIGN KEY ("cart_invoice_id") REFERENCES "public"."cart_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_invoice_members" ADD CONSTRAINT "cart_invoice_members_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_invoices" ADD CONSTRAINT "cart_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_user_idx" ON "cart_items" USING btree ("user_id","added_at","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cart_invoice_id_cart_invoices_id_fk" FOREIGN KEY ("cart_invoice_id") REFERENCES "public"."cart_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK (("payments"."purpose" = 'invoice' and "payments"."invoice_id" is not null and "payments"."loan_id" is null) or ("payments"."purpose" = 'wallet_topup' and "payments"."invoice_id" is null and "payments"."loan_id" is null) or ("payments"."purpose" = 'loan' and "payments"."invoice_id" is null and "payments"."loan_id" is not null) or ("payments"."purpose" = 'cart' and "payments"."invoice_id" is null and "payments"."loan_id" is null and "payments"."cart_invoice_id" is not null));