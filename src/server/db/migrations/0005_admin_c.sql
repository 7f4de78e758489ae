CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_user_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_id_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "outbox_sent_idx" ON "outbox_emails" USING btree ("sent_at");