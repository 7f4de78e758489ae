CREATE TABLE "estate_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"manifest" text NOT NULL,
	"sha256" text NOT NULL,
	"item_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "erased" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "estate_snapshots" ADD CONSTRAINT "estate_snapshots_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_snapshots" ADD CONSTRAINT "estate_snapshots_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estate_snapshots_beneficiary_uq" ON "estate_snapshots" USING btree ("estate_id","beneficiary_id");--> statement-breakpoint
CREATE INDEX "estate_snapshots_beneficiary_idx" ON "estate_snapshots" USING btree ("beneficiary_id");--> statement-breakpoint
CREATE INDEX "audit_log_chain_idx" ON "audit_log" USING btree ("estate_id","id");