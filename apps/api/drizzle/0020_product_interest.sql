CREATE TABLE "product_interest" (
	"id" serial PRIMARY KEY NOT NULL,
	"catalogue_product_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "product_interest_product_email_unique" UNIQUE("catalogue_product_id","email")
);
--> statement-breakpoint
ALTER TABLE "product_interest" ADD CONSTRAINT "product_interest_catalogue_product_id_catalogue_products_id_fk" FOREIGN KEY ("catalogue_product_id") REFERENCES "public"."catalogue_products"("id") ON DELETE no action ON UPDATE no action;