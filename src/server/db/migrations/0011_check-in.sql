CREATE TABLE "check_in_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"miss_id" uuid NOT NULL,
	"trustee_user_id" uuid NOT NULL,
	"answer" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_in_misses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "check_in_settings" (
	"estate_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"months" integer,
	"last_check_in_at" timestamp with time zone NOT NULL,
	"paused_until" date,
	"period_start" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"stage_sent" integer DEFAULT 0 NOT NULL,
	"next_stage_at" timestamp with time zone,
	"link_token_hash" text,
	"link_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_in_answers" ADD CONSTRAINT "check_in_answers_miss_id_check_in_misses_id_fk" FOREIGN KEY ("miss_id") REFERENCES "public"."check_in_misses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_answers" ADD CONSTRAINT "check_in_answers_trustee_user_id_users_id_fk" FOREIGN KEY ("trustee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_misses" ADD CONSTRAINT "check_in_misses_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_settings" ADD CONSTRAINT "check_in_settings_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_settings" ADD CONSTRAINT "check_in_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_answers_miss_trustee_unique" ON "check_in_answers" USING btree ("miss_id","trustee_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_misses_estate_due_unique" ON "check_in_misses" USING btree ("estate_id","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_settings_user_unique" ON "check_in_settings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_settings_link_unique" ON "check_in_settings" USING btree ("link_token_hash");--> statement-breakpoint
CREATE INDEX "check_in_settings_next_stage_idx" ON "check_in_settings" USING btree ("next_stage_at");