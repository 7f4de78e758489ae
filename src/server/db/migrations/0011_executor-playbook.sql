CREATE TABLE "playbook_ticks" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"estate_id" uuid NOT NULL,
	"ticked_by" uuid,
	"ticked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "digital_assets" ADD COLUMN "after_death_action" text;--> statement-breakpoint
ALTER TABLE "digital_assets" ADD COLUMN "two_factor_device" text;--> statement-breakpoint
ALTER TABLE "digital_assets" ADD COLUMN "after_death_note" text;--> statement-breakpoint
ALTER TABLE "playbook_ticks" ADD CONSTRAINT "playbook_ticks_asset_id_digital_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."digital_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_ticks" ADD CONSTRAINT "playbook_ticks_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_ticks" ADD CONSTRAINT "playbook_ticks_ticked_by_users_id_fk" FOREIGN KEY ("ticked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playbook_ticks_estate_idx" ON "playbook_ticks" USING btree ("estate_id");