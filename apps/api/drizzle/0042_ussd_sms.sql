CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"sender_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"delivery_status" text,
	"delivery_failure_reason" text,
	"retry_of" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "sms_queue_status_check" CHECK ("sms_queue"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "ussd_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ussd_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"service_code" text NOT NULL,
	"network_code" text,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"last_screen" text,
	"status" text DEFAULT 'active' NOT NULL,
	"resumed_from" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_queue" ADD CONSTRAINT "sms_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_queue" ADD CONSTRAINT "sms_queue_retry_of_sms_queue_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."sms_queue"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_queue_due_idx" ON "sms_queue" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_queue_dedupe_key" ON "sms_queue" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_queue_provider_message_id" ON "sms_queue" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "sms_queue_to_idx" ON "sms_queue" USING btree ("to","id");--> statement-breakpoint
CREATE INDEX "ussd_sessions_phone_idx" ON "ussd_sessions" USING btree ("phone","updated_at");