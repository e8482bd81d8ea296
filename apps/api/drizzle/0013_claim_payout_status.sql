CREATE TABLE "claim_payout_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL,
	"originator_conversation_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"result_code" text,
	"result_desc" text,
	"transaction_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "claim_payout_queries_conversation_id_unique" UNIQUE("conversation_id")
);
--> statement-breakpoint
ALTER TABLE "claim_settlements" ADD COLUMN "query_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_settlements" ADD COLUMN "last_queried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claim_settlements" ADD COLUMN "next_query_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claim_payout_queries" ADD CONSTRAINT "claim_payout_queries_settlement_id_claim_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."claim_settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_payout_queries_settlement_idx" ON "claim_payout_queries" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "claim_payout_queries_originator_idx" ON "claim_payout_queries" USING btree ("originator_conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_settlements_open_payout_idx" ON "claim_settlements" USING btree ("claim_id") WHERE "claim_settlements"."status" in ('pending', 'unresolved');--> statement-breakpoint
-- Approved claims not paid yet are payable in whole shillings (claimPayable): what is stored is what is sent.
UPDATE "claims" SET "approved_amount" = "approved_amount" - ("approved_amount" % 100) WHERE "status" = 'APPROVED' AND "approved_amount" % 100 <> 0;
