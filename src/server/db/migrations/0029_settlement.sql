CREATE TABLE "estate_settlements" (
	"estate_id" uuid PRIMARY KEY NOT NULL,
	"jurisdiction" text NOT NULL,
	"date_of_death" date NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"institution" text,
	"reference" text,
	"value" numeric(16, 2),
	"currency" text,
	"wished_action" text,
	"transfer_to" text,
	"status" text DEFAULT 'todo' NOT NULL,
	"status_by" uuid,
	"status_at" timestamp with time zone,
	"source" text NOT NULL,
	"source_id" uuid,
	"letter_sent_at" timestamp with time zone,
	"letter_sent_via" text,
	"letter_sent_by" uuid,
	"remind_after_days" integer,
	"answer" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_deadlines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"rule_key" text,
	"title" text NOT NULL,
	"detail" text,
	"source_url" text,
	"due_on" date NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	"created_by" uuid,
	"reminded_at" timestamp with time zone,
	"overdue_flagged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estate_settlements" ADD CONSTRAINT "estate_settlements_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_settlements" ADD CONSTRAINT "estate_settlements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_entries" ADD CONSTRAINT "inventory_entries_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_entries" ADD CONSTRAINT "inventory_entries_status_by_users_id_fk" FOREIGN KEY ("status_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_entries" ADD CONSTRAINT "inventory_entries_letter_sent_by_users_id_fk" FOREIGN KEY ("letter_sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_deadlines" ADD CONSTRAINT "settlement_deadlines_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_deadlines" ADD CONSTRAINT "settlement_deadlines_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_deadlines" ADD CONSTRAINT "settlement_deadlines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_entries_estate_name_idx" ON "inventory_entries" USING btree ("estate_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_entries_source_unique" ON "inventory_entries" USING btree ("estate_id","source_id") WHERE "inventory_entries"."source_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "settlement_deadlines_estate_due_idx" ON "settlement_deadlines" USING btree ("estate_id","due_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_deadlines_rule_unique" ON "settlement_deadlines" USING btree ("estate_id","rule_key") WHERE "settlement_deadlines"."rule_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "settlement_deadlines_open_idx" ON "settlement_deadlines" USING btree ("due_on") WHERE "settlement_deadlines"."done_at" IS NULL;