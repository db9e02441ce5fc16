ALTER TABLE "runtime_attachment_versions" DROP CONSTRAINT "runtime_attachment_versions_file_id_runtime_files_id_fk";
--> statement-breakpoint
ALTER TABLE "runtime_attachment_versions" ADD CONSTRAINT "runtime_attachment_versions_file_id_runtime_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."runtime_files"("id") ON DELETE cascade ON UPDATE no action;