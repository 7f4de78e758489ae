ALTER TABLE "sealed_contents" ALTER COLUMN "armored_enc" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sealed_contents" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "sealed_contents" ADD CONSTRAINT "sealed_contents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sealed_contents_file_idx" ON "sealed_contents" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "sealed_contents" ADD CONSTRAINT "sealed_contents_text_or_file" CHECK (("sealed_contents"."armored_enc" is null) <> ("sealed_contents"."file_id" is null));