CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_user_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_id_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "outbox_sent_idx" ON "outbox_emails" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "outbox_failed_idx" ON "outbox_emails" USING btree ("created_at") WHERE "outbox_emails"."error" IS NOT NULL AND "outbox_emails"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "memories_created_idx" ON "memories" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "documents_created_idx" ON "documents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "future_messages_created_idx" ON "future_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("user_id","created_at");