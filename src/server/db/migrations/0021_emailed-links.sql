CREATE TABLE "emailed_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"target_id" uuid,
	"token_hash" text NOT NULL,
	"new_email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emailed_links" ADD CONSTRAINT "emailed_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emailed_links_token_unique" ON "emailed_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "emailed_links_user_idx" ON "emailed_links" USING btree ("user_id","purpose");--> statement-breakpoint
-- Every link already mailed keeps working until it would have expired (ADR 0095).
INSERT INTO "emailed_links" ("id", "user_id", "purpose", "token_hash", "new_email", "expires_at", "used_at", "created_at")
	SELECT "id", "user_id", "purpose", "token_hash", "new_email", "expires_at", "used_at", "created_at" FROM "account_tokens";--> statement-breakpoint
INSERT INTO "emailed_links" ("user_id", "purpose", "target_id", "token_hash", "expires_at", "used_at", "created_at")
	SELECT e."owner_id", 'report-veto', v."report_id", v."token_hash", v."expires_at", v."used_at", v."created_at"
	FROM "veto_links" v JOIN "estate_reports" r ON r."id" = v."report_id" JOIN "estates" e ON e."id" = r."estate_id";--> statement-breakpoint
INSERT INTO "emailed_links" ("user_id", "purpose", "token_hash", "expires_at", "created_at")
	SELECT "user_id", 'check-in', "link_token_hash", "link_expires_at", "updated_at" FROM "check_in_settings"
	WHERE "link_token_hash" IS NOT NULL AND "link_expires_at" IS NOT NULL;--> statement-breakpoint
DROP TABLE "account_tokens" CASCADE;--> statement-breakpoint
DROP TABLE "veto_links" CASCADE;--> statement-breakpoint
DROP INDEX "check_in_settings_link_unique";--> statement-breakpoint
ALTER TABLE "check_in_settings" DROP COLUMN "link_token_hash";--> statement-breakpoint
ALTER TABLE "check_in_settings" DROP COLUMN "link_expires_at";
