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
ALTER TABLE "report_safeguards" ADD CONSTRAINT "report_safeguards_report_id_estate_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."estate_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_safeguards" ADD CONSTRAINT "report_safeguards_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trustee_requests" ADD CONSTRAINT "trustee_requests_report_id_estate_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."estate_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trustee_requests" ADD CONSTRAINT "trustee_requests_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trustee_requests" ADD CONSTRAINT "trustee_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veto_links" ADD CONSTRAINT "veto_links_report_id_estate_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."estate_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_safeguards_estate_idx" ON "report_safeguards" USING btree ("estate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trustee_requests_report_user_round" ON "trustee_requests" USING btree ("report_id","user_id","round");--> statement-breakpoint
CREATE INDEX "trustee_requests_user_idx" ON "trustee_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "veto_links_token_unique" ON "veto_links" USING btree ("token_hash");