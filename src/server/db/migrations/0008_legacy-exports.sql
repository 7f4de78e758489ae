CREATE TABLE "legacy_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"include_secrets" boolean DEFAULT false NOT NULL,
	"total_files" integer DEFAULT 0 NOT NULL,
	"packed_files" integer DEFAULT 0 NOT NULL,
	"file_id" uuid,
	"size" bigint,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legacy_exports" ADD CONSTRAINT "legacy_exports_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_exports" ADD CONSTRAINT "legacy_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_exports" ADD CONSTRAINT "legacy_exports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_exports_one_active" ON "legacy_exports" USING btree ("user_id") WHERE "legacy_exports"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_exports_token_unique" ON "legacy_exports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "legacy_exports_user_idx" ON "legacy_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "legacy_exports_status_idx" ON "legacy_exports" USING btree ("status");