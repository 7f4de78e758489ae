ALTER TABLE "users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_idempotency_key_unique" ON "outbox_emails" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_unsent_idx" ON "outbox_emails" USING btree ("next_attempt_at") WHERE "outbox_emails"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "invitations_invited_by_idx" ON "invitations" USING btree ("invited_by","created_at");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id","created_at");