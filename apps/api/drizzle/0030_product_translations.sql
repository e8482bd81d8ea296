ALTER TABLE "insurance_products" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_benefits" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_excesses" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;