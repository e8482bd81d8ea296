CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"sender_user_id" uuid NOT NULL,
	"sender_side" text NOT NULL,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_side_check" CHECK ("chat_messages"."sender_side" in ('client', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "chat_presence" (
	"socket_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"instance_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"client_user_id" uuid NOT NULL,
	"intermediary_id" integer,
	"topic" text,
	"client_delivered_id" bigint DEFAULT 0 NOT NULL,
	"client_read_id" bigint DEFAULT 0 NOT NULL,
	"staff_delivered_id" bigint DEFAULT 0 NOT NULL,
	"staff_read_id" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_kind_check" CHECK ("conversations"."kind" in ('firm', 'support')),
	CONSTRAINT "conversations_firm_check" CHECK (("conversations"."kind" = 'firm') = ("conversations"."intermediary_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_presence" ADD CONSTRAINT "chat_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_intermediary_id_intermediaries_id_fk" FOREIGN KEY ("intermediary_id") REFERENCES "public"."intermediaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_retry_idx" ON "chat_messages" USING btree ("sender_user_id","client_message_id");--> statement-breakpoint
CREATE INDEX "chat_presence_user_idx" ON "chat_presence" USING btree ("user_id","seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_client_firm_idx" ON "conversations" USING btree ("client_user_id","intermediary_id") WHERE "conversations"."kind" = 'firm';--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_client_support_idx" ON "conversations" USING btree ("client_user_id") WHERE "conversations"."kind" = 'support';--> statement-breakpoint
CREATE INDEX "conversations_firm_idx" ON "conversations" USING btree ("intermediary_id","last_message_at");