CREATE TABLE "code_budgets" (
	"subject" text PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"wrong" integer DEFAULT 0 NOT NULL,
	"paused_until" timestamp with time zone
);
