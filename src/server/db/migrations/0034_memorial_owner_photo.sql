ALTER TABLE "memorials" ADD COLUMN "owner_photo_media_id" uuid;--> statement-breakpoint
ALTER TABLE "memorials" ADD CONSTRAINT "memorials_owner_photo_media_id_memory_media_id_fk" FOREIGN KEY ("owner_photo_media_id") REFERENCES "public"."memory_media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The owner's choice (ADR 0107) is the photo already set, unless someone other than the owner may have set it: only they save a memorial after activation, and their saves that named the photo (or whose details an account deletion erased) are in the estate's audit.
UPDATE "memorials" SET "owner_photo_media_id" = "memorials"."photo_media_id"
FROM "estates"
WHERE "estates"."id" = "memorials"."estate_id" AND "memorials"."photo_media_id" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "audit_log"
    WHERE "audit_log"."estate_id" = "memorials"."estate_id" AND "audit_log"."action" = 'memorial.saved'
      AND "audit_log"."actor_user_id" IS DISTINCT FROM "estates"."owner_id"
      AND ("audit_log"."erased" OR "audit_log"."details" -> 'fields' @> '["photoMediaId"]'::jsonb)
  );--> statement-breakpoint
-- A photo someone else chose is shown no more.
UPDATE "memorials" SET "photo_media_id" = NULL WHERE "photo_media_id" IS DISTINCT FROM "owner_photo_media_id";
