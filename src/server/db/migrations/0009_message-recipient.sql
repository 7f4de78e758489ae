ALTER TABLE "future_messages" DROP CONSTRAINT "future_messages_recipient_id_beneficiaries_id_fk";
--> statement-breakpoint
ALTER TABLE "future_messages" ALTER COLUMN "recipient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "future_messages" ADD CONSTRAINT "future_messages_recipient_id_beneficiaries_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."beneficiaries"("id") ON DELETE set null ON UPDATE no action;