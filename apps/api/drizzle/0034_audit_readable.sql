ALTER TABLE "audit_log" ADD COLUMN "summary" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "changes" jsonb DEFAULT '[]'::jsonb NOT NULL;