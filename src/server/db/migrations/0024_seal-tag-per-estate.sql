DROP INDEX "estate_seals_tag_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "estate_seals_estate_tag_unique" ON "estate_seals" USING btree ("estate_id","seal_tag");