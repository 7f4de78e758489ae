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
CREATE TABLE "incapacity_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playbook_ticks" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"estate_id" uuid NOT NULL,
	"ticked_by" uuid,
	"ticked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_safeguards" (
	"report_id" uuid PRIMARY KEY NOT NULL,
	"estate_id" uuid NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"quorum_needed" integer NOT NULL,
	"response_hours" integer NOT NULL,
	"quorum_reached_at" timestamp with time zone,
	"owner_reminded_on" date,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trustee_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"estate_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"passed_over_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "veto_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estate_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"manifest" text NOT NULL,
	"sha256" text NOT NULL,
	"item_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "erased" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "digital_assets" ADD COLUMN "after_death_action" text;--> statement-breakpoint
ALTER TABLE "digital_assets" ADD COLUMN "two_factor_device" text;--> statement-breakpoint
ALTER TABLE "digital_assets" ADD COLUMN "after_death_note" text;--> statement-breakpoint
ALTER TABLE "check_in_answers" ADD CONSTRAINT "check_in_answers_miss_id_check_in_misses_id_fk" FOREIGN KEY ("miss_id") REFERENCES "public"."check_in_misses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_answers" ADD CONSTRAINT "check_in_answers_trustee_user_id_users_id_fk" FOREIGN KEY ("trustee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_misses" ADD CONSTRAINT "check_in_misses_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_settings" ADD CONSTRAINT "check_in_settings_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_settings" ADD CONSTRAINT "check_in_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incapacity_grants" ADD CONSTRAINT "incapacity_grants_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incapacity_grants" ADD CONSTRAINT "incapacity_grants_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_ticks" ADD CONSTRAINT "playbook_ticks_asset_id_digital_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."digital_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_ticks" ADD CONSTRAINT "playbook_ticks_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_ticks" ADD CONSTRAINT "playbook_ticks_ticked_by_users_id_fk" FOREIGN KEY ("ticked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_safeguards" ADD CONSTRAINT "report_safeguards_report_id_estate_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."estate_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_safeguards" ADD CONSTRAINT "report_safeguards_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trustee_requests" ADD CONSTRAINT "trustee_requests_report_id_estate_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."estate_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trustee_requests" ADD CONSTRAINT "trustee_requests_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trustee_requests" ADD CONSTRAINT "trustee_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veto_links" ADD CONSTRAINT "veto_links_report_id_estate_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."estate_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_snapshots" ADD CONSTRAINT "estate_snapshots_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_snapshots" ADD CONSTRAINT "estate_snapshots_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_answers_miss_trustee_unique" ON "check_in_answers" USING btree ("miss_id","trustee_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_misses_estate_due_unique" ON "check_in_misses" USING btree ("estate_id","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_settings_user_unique" ON "check_in_settings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_settings_link_unique" ON "check_in_settings" USING btree ("link_token_hash");--> statement-breakpoint
CREATE INDEX "check_in_settings_next_stage_idx" ON "check_in_settings" USING btree ("next_stage_at");--> statement-breakpoint
CREATE UNIQUE INDEX "incapacity_grants_unique" ON "incapacity_grants" USING btree ("beneficiary_id","category");--> statement-breakpoint
CREATE INDEX "incapacity_grants_estate_idx" ON "incapacity_grants" USING btree ("estate_id");--> statement-breakpoint
CREATE INDEX "playbook_ticks_estate_idx" ON "playbook_ticks" USING btree ("estate_id");--> statement-breakpoint
CREATE INDEX "report_safeguards_estate_idx" ON "report_safeguards" USING btree ("estate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trustee_requests_report_user_round" ON "trustee_requests" USING btree ("report_id","user_id","round");--> statement-breakpoint
CREATE INDEX "trustee_requests_user_idx" ON "trustee_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "veto_links_token_unique" ON "veto_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "estate_snapshots_beneficiary_uq" ON "estate_snapshots" USING btree ("estate_id","beneficiary_id");--> statement-breakpoint
CREATE INDEX "estate_snapshots_beneficiary_idx" ON "estate_snapshots" USING btree ("beneficiary_id");--> statement-breakpoint
CREATE INDEX "audit_log_chain_idx" ON "audit_log" USING btree ("estate_id","id");