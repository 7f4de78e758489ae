CREATE TABLE "estate_seals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"seal_tag" text NOT NULL,
	"recipient" text NOT NULL,
	"threshold" integer NOT NULL,
	"share_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seal_kits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seal_id" uuid NOT NULL,
	"share_index" integer NOT NULL,
	"holder_user_id" uuid,
	"fingerprint" text NOT NULL,
	"check_group" text NOT NULL,
	"stored_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "estate_seals" ADD CONSTRAINT "estate_seals_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_kits" ADD CONSTRAINT "seal_kits_seal_id_estate_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."estate_seals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_kits" ADD CONSTRAINT "seal_kits_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estate_seals_current_unique" ON "estate_seals" USING btree ("estate_id") WHERE "estate_seals"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "estate_seals_tag_unique" ON "estate_seals" USING btree ("seal_tag");--> statement-breakpoint
CREATE UNIQUE INDEX "seal_kits_seal_index_unique" ON "seal_kits" USING btree ("seal_id","share_index");--> statement-breakpoint
CREATE UNIQUE INDEX "seal_kits_fingerprint_unique" ON "seal_kits" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "seal_kits_holder_idx" ON "seal_kits" USING btree ("holder_user_id");