CREATE TABLE "estate_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"priority" text NOT NULL,
	"status" text DEFAULT 'unread' NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estate_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"reported_by" uuid,
	"reporter_name" text NOT NULL,
	"relationship" text NOT NULL,
	"event" text NOT NULL,
	"event_date" date,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verification_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"file_id" uuid NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"timeout_alerted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "date_of_death" date;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "release_steps_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estate_alerts" ADD CONSTRAINT "estate_alerts_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_reports" ADD CONSTRAINT "estate_reports_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_reports" ADD CONSTRAINT "estate_reports_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_items" ADD CONSTRAINT "verification_items_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_items" ADD CONSTRAINT "verification_items_report_id_estate_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."estate_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_items" ADD CONSTRAINT "verification_items_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_items" ADD CONSTRAINT "verification_items_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_items" ADD CONSTRAINT "verification_items_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estate_alerts_estate_idx" ON "estate_alerts" USING btree ("estate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "estate_alerts_dedupe_unique" ON "estate_alerts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "estate_reports_estate_idx" ON "estate_reports" USING btree ("estate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "estate_reports_one_open" ON "estate_reports" USING btree ("estate_id") WHERE "estate_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "verification_items_estate_idx" ON "verification_items" USING btree ("estate_id","submitted_at");--> statement-breakpoint
CREATE INDEX "verification_items_pending_idx" ON "verification_items" USING btree ("submitted_at") WHERE "verification_items"."status" = 'pending';