DROP INDEX "invitations_token_unique";--> statement-breakpoint
DROP INDEX "legacy_exports_token_unique";--> statement-breakpoint
ALTER TABLE "emailed_links" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "emailed_links_target_idx" ON "emailed_links" USING btree ("target_id","purpose");--> statement-breakpoint
-- Every invitation's and pending sign-up's link moves here (ADR 0106), so a link mailed before the upgrade still opens the same invitation.
INSERT INTO "emailed_links" ("user_id", "purpose", "target_id", "token_hash", "expires_at", "used_at", "created_at")
SELECT NULL, CASE WHEN "kind" = 'sign-up' THEN 'sign-up' ELSE 'invitation' END, "id", "token_hash", "expires_at", "accepted_at", "created_at"
FROM "invitations";--> statement-breakpoint
-- The newest download link of each archive, likewise.
INSERT INTO "emailed_links" ("user_id", "purpose", "target_id", "token_hash", "expires_at", "used_at", "created_at")
SELECT "user_id", 'legacy-export', "id", "token_hash", COALESCE("expires_at", "updated_at"), "downloaded_at", "updated_at"
FROM "legacy_exports" WHERE "token_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" DROP COLUMN "token_hash";--> statement-breakpoint
ALTER TABLE "legacy_exports" DROP COLUMN "token_hash";
