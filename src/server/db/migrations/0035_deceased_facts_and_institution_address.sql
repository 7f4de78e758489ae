ALTER TABLE "estates" ADD COLUMN "deceased_name" text;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "deceased_date_of_birth" date;--> statement-breakpoint
ALTER TABLE "inventory_entries" ADD COLUMN "institution_address" text;--> statement-breakpoint
-- Estates already active keep the facts their owner's account holds today (ADR 0110).
UPDATE "estates" SET "deceased_name" = "users"."name", "deceased_date_of_birth" = "users"."date_of_birth" FROM "users" WHERE "users"."id" = "estates"."owner_id" AND "estates"."status" = 'active';