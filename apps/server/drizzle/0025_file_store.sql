ALTER TABLE "runtime_files" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "runtime_files" ADD COLUMN "orphaned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "runtime_files_sha256_idx" ON "runtime_files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "runtime_files_unreferenced_idx" ON "runtime_files" USING btree ("uploaded_at") WHERE "runtime_files"."referenced_at" is null;--> statement-breakpoint
CREATE INDEX "runtime_files_orphaned_idx" ON "runtime_files" USING btree ("orphaned_at") WHERE "runtime_files"."orphaned_at" is not null;--> statement-breakpoint
CREATE INDEX "runtime_files_content_pending_idx" ON "runtime_files" USING btree ("id") WHERE "runtime_files"."content" is not null;