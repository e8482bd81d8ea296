CREATE TABLE "chat_message_files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"conversation_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_message_files" ADD CONSTRAINT "chat_message_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_files" ADD CONSTRAINT "chat_message_files_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_files" ADD CONSTRAINT "chat_message_files_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_message_files_message_idx" ON "chat_message_files" USING btree ("message_id");