CREATE TABLE "estate_executors" (
	"estate_id" uuid NOT NULL,
	"position" text NOT NULL,
	"user_id" uuid NOT NULL,
	"named_at" timestamp with time zone NOT NULL,
	CONSTRAINT "estate_executors_estate_id_position_pk" PRIMARY KEY("estate_id","position")
);
--> statement-breakpoint
ALTER TABLE "estate_executors" ADD CONSTRAINT "estate_executors_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_executors" ADD CONSTRAINT "estate_executors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estate_executors_estate_user_unique" ON "estate_executors" USING btree ("estate_id","user_id");