CREATE TABLE "certificate_stock" (
	"underwriter_id" text NOT NULL,
	"certificate_type" text NOT NULL,
	"remaining" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"low_since" timestamp with time zone,
	CONSTRAINT "certificate_stock_underwriter_id_certificate_type_pk" PRIMARY KEY("underwriter_id","certificate_type")
);
--> statement-breakpoint
ALTER TABLE "motor_certificates" ALTER COLUMN "certificate_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "motor_certificates" ALTER COLUMN "issued_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "motor_certificates" ALTER COLUMN "issued_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD COLUMN "issuer" text DEFAULT 'DMVIC' NOT NULL;--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD COLUMN "status" text DEFAULT 'issued' NOT NULL;--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD COLUMN "pending_reason" text;--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD COLUMN "needs_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD COLUMN "dmvic_transaction_number" text;--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD COLUMN "pdf" "bytea";--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
-- Certificates made before DMVIC keep their BIMA-C numbers: the legacy issuer, issued when they were made.
UPDATE "motor_certificates" SET "issuer" = 'BIMA', "created_at" = coalesce("issued_at", now());--> statement-breakpoint
ALTER TABLE "underwriters" ADD COLUMN "dmvic_member_company_id" integer;--> statement-breakpoint
ALTER TABLE "certificate_stock" ADD CONSTRAINT "certificate_stock_underwriter_id_underwriters_id_fk" FOREIGN KEY ("underwriter_id") REFERENCES "public"."underwriters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "motor_certificates_status_idx" ON "motor_certificates" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD CONSTRAINT "motor_certificates_status_check" CHECK ("motor_certificates"."status" in ('pending', 'issued', 'cancelled', 'cancel_requested'));--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD CONSTRAINT "motor_certificates_issuer_check" CHECK ("motor_certificates"."issuer" in ('DMVIC', 'BIMA'));