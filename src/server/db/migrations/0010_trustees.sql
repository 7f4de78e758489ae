CREATE TABLE "estate_trustees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"named_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reminded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "release_rules" (
	"estate_id" uuid PRIMARY KEY NOT NULL,
	"veto_days" integer NOT NULL,
	"quorum_required" integer NOT NULL,
	"trustee_response_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estate_trustees" ADD CONSTRAINT "estate_trustees_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_trustees" ADD CONSTRAINT "estate_trustees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_rules" ADD CONSTRAINT "release_rules_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estate_trustees_estate_user_unique" ON "estate_trustees" USING btree ("estate_id","user_id");--> statement-breakpoint
CREATE INDEX "estate_trustees_estate_idx" ON "estate_trustees" USING btree ("estate_id","position");