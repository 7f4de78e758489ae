CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "memories_estate_idx";--> statement-breakpoint
DROP INDEX "documents_estate_idx";--> statement-breakpoint
DROP INDEX "digital_assets_estate_idx";--> statement-breakpoint
CREATE INDEX "memories_estate_order_idx" ON "memories" USING btree ("estate_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "memories_title_trgm_idx" ON "memories" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_estate_order_idx" ON "documents" USING btree ("estate_id","created_at","id");--> statement-breakpoint
CREATE INDEX "documents_title_trgm_idx" ON "documents" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "digital_assets_estate_name_idx" ON "digital_assets" USING btree ("estate_id","name","id");