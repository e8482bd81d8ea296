CREATE TABLE "product_rating_factors" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"factor" text NOT NULL,
	"option" text,
	"from_quantity" bigint,
	"value" bigint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_rating_factors_kind_check" CHECK ("product_rating_factors"."kind" in ('loading', 'minimum', 'perUnit'))
);
--> statement-breakpoint
ALTER TABLE "product_rate_bands" DROP CONSTRAINT "product_rate_bands_product_id_from_value_unique";--> statement-breakpoint
ALTER TABLE "product_rate_bands" ADD COLUMN "risk_group" text DEFAULT 'vehicle' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "class_code" text DEFAULT '07' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "risk_details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_rating_factors" ADD CONSTRAINT "product_rating_factors_product_id_insurance_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."insurance_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_rating_factors_product_idx" ON "product_rating_factors" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "product_rate_bands" ADD CONSTRAINT "product_rate_bands_group_from_unique" UNIQUE("product_id","risk_group","from_value");