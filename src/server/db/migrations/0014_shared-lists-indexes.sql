CREATE INDEX "memories_estate_day_idx" ON "memories" USING btree ("estate_id","date","id");--> statement-breakpoint
CREATE INDEX "memories_estate_created_idx" ON "memories" USING btree ("estate_id","created_at","id");--> statement-breakpoint
CREATE INDEX "future_message_attachments_item_idx" ON "future_message_attachments" USING btree ("item_id","item_type");