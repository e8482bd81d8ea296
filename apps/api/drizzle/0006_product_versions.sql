CREATE TABLE "product_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changed_by" uuid,
	"change_summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_versions_product_version_unique" UNIQUE("product_id","version")
);
--> statement-breakpoint
ALTER TABLE "insurance_products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "product_version" integer;--> statement-breakpoint
UPDATE "quotations" SET "product_version" = 1;--> statement-breakpoint
ALTER TABLE "quotations" ALTER COLUMN "product_version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_product_id_insurance_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."insurance_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
INSERT INTO "product_versions" ("product_id", "version", "snapshot", "changed_by", "change_summary")
SELECT p."id", p."version", jsonb_build_object(
	'product', jsonb_build_object(
		'productSystemRef', p."product_system_ref", 'underwriterId', p."underwriter_id",
		'classCode', p."class_code", 'coverType', p."cover_type", 'name', p."name",
		'description', p."description", 'overview', p."overview", 'logo', p."logo",
		'termsDocument', p."terms_document", 'intermediary', p."intermediary",
		'rateBasis', p."rate_basis", 'fixedPremium', p."fixed_premium",
		'minimumPremium', p."minimum_premium", 'minimumValue', p."minimum_value",
		'maximumValue', p."maximum_value", 'supportedPeriods', p."supported_periods",
		'shortPeriodScale', p."short_period_scale", 'active', p."active", 'sortOrder', p."sort_order"),
	'bands', coalesce((SELECT jsonb_agg(jsonb_build_object('fromValue', b."from_value", 'ratePpm', b."rate_ppm")
		ORDER BY b."from_value") FROM "product_rate_bands" b WHERE b."product_id" = p."id"), '[]'::jsonb),
	'benefits', coalesce((SELECT jsonb_agg(jsonb_build_object(
		'benefitSystemRef', e."benefit_system_ref", 'name', e."name", 'description', e."description",
		'benefitType', e."benefit_type", 'limitMinimum', e."limit_minimum", 'limitMaximum', e."limit_maximum",
		'defaultLimit', e."default_limit", 'isAdjustable', e."is_adjustable", 'pricingKind', e."pricing_kind",
		'ratePpm', e."rate_ppm", 'minimumPremium', e."minimum_premium", 'fixedAmount', e."fixed_amount",
		'inbuiltLimit', e."inbuilt_limit") ORDER BY e."sort_order", e."id")
		FROM "product_benefits" e WHERE e."product_id" = p."id"), '[]'::jsonb),
	'excesses', coalesce((SELECT jsonb_agg(jsonb_build_object(
		'code', x."code", 'name', x."name", 'excessType', x."excess_type", 'description', x."description",
		'minAmount', x."min_amount", 'maxAmount', x."max_amount", 'defaultAmount', x."default_amount")
		ORDER BY x."sort_order", x."id") FROM "product_excesses" x WHERE x."product_id" = p."id"), '[]'::jsonb),
	'charges', coalesce((SELECT jsonb_agg(jsonb_build_object(
		'name', c."name", 'chargeType', c."charge_type", 'value', c."value") ORDER BY c."sort_order", c."id")
		FROM "product_charges" c WHERE c."product_id" = p."id"), '[]'::jsonb)
), NULL, 'Version 1: the product as it stood when versions began.'
FROM "insurance_products" p
ON CONFLICT ("product_id", "version") DO NOTHING;
