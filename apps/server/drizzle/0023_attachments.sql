CREATE TABLE "runtime_attachment_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "runtime_attachment_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"attachment_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"file_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "runtime_attachment_versions_kind_check" CHECK ("runtime_attachment_versions"."kind" in ('upload', 'replace', 'stamp', 'sign')),
	CONSTRAINT "runtime_attachment_versions_version_check" CHECK ("runtime_attachment_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "runtime_attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "runtime_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"widget_key" text NOT NULL,
	"file_indexes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"added_by" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "runtime_attachment_versions" ADD CONSTRAINT "runtime_attachment_versions_attachment_id_runtime_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."runtime_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_attachment_versions" ADD CONSTRAINT "runtime_attachment_versions_file_id_runtime_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."runtime_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_attachment_versions" ADD CONSTRAINT "runtime_attachment_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_attachments" ADD CONSTRAINT "runtime_attachments_item_id_runtime_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."runtime_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_attachments" ADD CONSTRAINT "runtime_attachments_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "runtime_attachment_versions_unique" ON "runtime_attachment_versions" USING btree ("attachment_id","version");--> statement-breakpoint
CREATE INDEX "runtime_attachment_versions_file_idx" ON "runtime_attachment_versions" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "runtime_attachments_item_idx" ON "runtime_attachments" USING btree ("item_id","widget_key") WHERE "runtime_attachments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "runtime_attachments_file_indexes_idx" ON "runtime_attachments" USING gin ("file_indexes");