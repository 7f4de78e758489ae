CREATE TABLE "sealed_contents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seal_id" uuid NOT NULL,
	"estate_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"part" text NOT NULL,
	"armored_enc" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "future_messages" ADD COLUMN "sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "estate_seals" ADD COLUMN "opened_identity_enc" text;--> statement-breakpoint
ALTER TABLE "estate_seals" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seal_kits" ADD COLUMN "given_share_enc" text;--> statement-breakpoint
ALTER TABLE "seal_kits" ADD COLUMN "given_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sealed_contents" ADD CONSTRAINT "sealed_contents_seal_id_estate_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."estate_seals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sealed_contents" ADD CONSTRAINT "sealed_contents_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sealed_contents_item_unique" ON "sealed_contents" USING btree ("item_type","item_id","part");--> statement-breakpoint
CREATE INDEX "sealed_contents_seal_idx" ON "sealed_contents" USING btree ("seal_id");--> statement-breakpoint
CREATE INDEX "sealed_contents_estate_idx" ON "sealed_contents" USING btree ("estate_id");