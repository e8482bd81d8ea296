CREATE TABLE "upload_volumes" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "upload_volumes_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "upload_volumes" ADD CONSTRAINT "upload_volumes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;