DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "planner_tasks_planner_idx";--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_id_idx" ON "audit_log" USING btree ("actor_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "beneficiaries_estate_name_idx" ON "beneficiaries" USING btree ("estate_id",(first_name || ' ' || last_name),"id");--> statement-breakpoint
CREATE INDEX "tasks_estate_order_idx" ON "tasks" USING btree ("estate_id",(case when "status" = 'pending' then 0 else 1 end),coalesce("due_date", 'infinity'::date),(case "priority" when 'high' then 0 when 'medium' then 1 else 2 end),"created_at","id");--> statement-breakpoint
CREATE INDEX "future_messages_estate_order_idx" ON "future_messages" USING btree ("estate_id",(case "status" when 'scheduled' then 0 when 'draft' then 1 else 2 end),coalesce("due_at", 'infinity'::timestamptz),"updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "future_messages_estate_delivered_idx" ON "future_messages" USING btree ("estate_id","delivered_at","id") WHERE "future_messages"."status" = 'delivered';--> statement-breakpoint
CREATE INDEX "messages_thread_order_idx" ON "messages" USING btree ("thread_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_recipient_order_idx" ON "messages" USING btree ("recipient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_sender_order_idx" ON "messages" USING btree ("sender_id","created_at","id");--> statement-breakpoint
CREATE INDEX "planner_tasks_open_due_idx" ON "planner_tasks" USING btree ("planner_id",coalesce("due_date", 'infinity'::date),"created_at","id") WHERE "planner_tasks"."completed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "planner_tasks_done_idx" ON "planner_tasks" USING btree ("planner_id","completed_at","id") WHERE "planner_tasks"."completed_at" IS NOT NULL;