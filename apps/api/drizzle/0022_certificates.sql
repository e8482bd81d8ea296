CREATE TABLE "certificate_sequences" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "motor_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_number" text NOT NULL,
	"policy_id" integer NOT NULL,
	"certificate_type" text NOT NULL,
	"registration_number" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"chassis_number" text NOT NULL,
	"insured_name" text NOT NULL,
	"insurer" text NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "motor_certificates_certificate_number_unique" UNIQUE("certificate_number"),
	CONSTRAINT "motor_certificates_policy_id_unique" UNIQUE("policy_id")
);
--> statement-breakpoint
ALTER TABLE "motor_certificates" ADD CONSTRAINT "motor_certificates_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "motor_certificates_registration_idx" ON "motor_certificates" USING btree ("registration_number");