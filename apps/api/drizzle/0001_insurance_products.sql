CREATE TABLE "insurance_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_system_ref" text NOT NULL,
	"underwriter_id" text NOT NULL,
	"class_code" text NOT NULL,
	"cover_type" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"overview" text NOT NULL,
	"logo" text NOT NULL,
	"terms_document" text NOT NULL,
	"intermediary" text DEFAULT 'Direct' NOT NULL,
	"rate_basis" text NOT NULL,
	"fixed_premium" bigint,
	"minimum_premium" bigint DEFAULT 0 NOT NULL,
	"minimum_value" bigint DEFAULT 0 NOT NULL,
	"maximum_value" bigint,
	"supported_periods" jsonb NOT NULL,
	"short_period_scale" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insurance_products_product_system_ref_unique" UNIQUE("product_system_ref")
);
--> statement-breakpoint
CREATE TABLE "product_benefits" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"benefit_system_ref" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"benefit_type" text NOT NULL,
	"limit_minimum" bigint DEFAULT 0 NOT NULL,
	"limit_maximum" bigint DEFAULT 0 NOT NULL,
	"default_limit" bigint DEFAULT 0 NOT NULL,
	"is_adjustable" boolean DEFAULT false NOT NULL,
	"pricing_kind" text NOT NULL,
	"rate_ppm" integer,
	"minimum_premium" bigint,
	"fixed_amount" bigint,
	"inbuilt_limit" bigint,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_benefits_benefit_system_ref_unique" UNIQUE("benefit_system_ref")
);
--> statement-breakpoint
CREATE TABLE "product_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"charge_type" text NOT NULL,
	"value" bigint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_excesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"excess_type" text NOT NULL,
	"description" text NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"default_amount" bigint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_excesses_product_id_code_unique" UNIQUE("product_id","code")
);
--> statement-breakpoint
CREATE TABLE "product_rate_bands" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"from_value" bigint NOT NULL,
	"rate_ppm" integer NOT NULL,
	CONSTRAINT "product_rate_bands_product_id_from_value_unique" UNIQUE("product_id","from_value")
);
--> statement-breakpoint
CREATE TABLE "underwriters" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" text NOT NULL,
	"description" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insurance_products" ADD CONSTRAINT "insurance_products_underwriter_id_underwriters_id_fk" FOREIGN KEY ("underwriter_id") REFERENCES "public"."underwriters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_benefits" ADD CONSTRAINT "product_benefits_product_id_insurance_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."insurance_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_charges" ADD CONSTRAINT "product_charges_product_id_insurance_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."insurance_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_excesses" ADD CONSTRAINT "product_excesses_product_id_insurance_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."insurance_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_rate_bands" ADD CONSTRAINT "product_rate_bands_product_id_insurance_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."insurance_products"("id") ON DELETE cascade ON UPDATE no action;