CREATE TABLE "incapacity_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incapacity_grants" ADD CONSTRAINT "incapacity_grants_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incapacity_grants" ADD CONSTRAINT "incapacity_grants_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incapacity_grants_unique" ON "incapacity_grants" USING btree ("beneficiary_id","category");--> statement-breakpoint
CREATE INDEX "incapacity_grants_estate_idx" ON "incapacity_grants" USING btree ("estate_id");