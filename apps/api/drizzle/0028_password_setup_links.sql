ALTER TABLE "verifications" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_token_hash_unique" UNIQUE("token_hash");