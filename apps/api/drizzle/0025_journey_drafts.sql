CREATE TABLE "journey_drafts" (
	"user_id" uuid NOT NULL,
	"product_line" text NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journey_drafts_user_id_product_line_pk" PRIMARY KEY("user_id","product_line")
);
--> statement-breakpoint
ALTER TABLE "journey_drafts" ADD CONSTRAINT "journey_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;