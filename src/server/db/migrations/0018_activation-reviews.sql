CREATE TABLE "activation_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_id" uuid NOT NULL,
	"opened_by" uuid,
	"opened_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"proposed_by" uuid,
	"proposed_at" timestamp with time zone,
	"proposal_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text
);
--> statement-breakpoint
ALTER TABLE "activation_reviews" ADD CONSTRAINT "activation_reviews_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_reviews" ADD CONSTRAINT "activation_reviews_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_reviews" ADD CONSTRAINT "activation_reviews_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_reviews" ADD CONSTRAINT "activation_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activation_reviews_estate_idx" ON "activation_reviews" USING btree ("estate_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activation_reviews_one_undecided" ON "activation_reviews" USING btree ("estate_id") WHERE "activation_reviews"."status" in ('open', 'proposed');--> statement-breakpoint
CREATE INDEX "activation_reviews_proposed_idx" ON "activation_reviews" USING btree ("proposed_at") WHERE "activation_reviews"."status" = 'proposed';