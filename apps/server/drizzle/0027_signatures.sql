CREATE TABLE "department_signing_certificate" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sealed_credentials" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial_number" text NOT NULL,
	"cpf_masked" text,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"saved_by" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "department_signing_certificate_single_row" CHECK ("department_signing_certificate"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "document_signatures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"attachment_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"signed_by" integer,
	"signer_name" text NOT NULL,
	"cpf_masked" text,
	"certificate_subject" text NOT NULL,
	"certificate_serial" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"document_sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_documents" (
	"uid" text PRIMARY KEY NOT NULL,
	"attachment_id" bigint NOT NULL,
	"stamped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_documents_attachment_id_unique" UNIQUE("attachment_id")
);
--> statement-breakpoint
CREATE TABLE "user_signing_certificates" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sealed_pkcs12" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial_number" text NOT NULL,
	"cpf_masked" text,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "department_signing_certificate" ADD CONSTRAINT "department_signing_certificate_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_attachment_id_runtime_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."runtime_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_file_id_runtime_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."runtime_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_documents" ADD CONSTRAINT "public_documents_attachment_id_runtime_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."runtime_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_signing_certificates" ADD CONSTRAINT "user_signing_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_signatures_attachment_idx" ON "document_signatures" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "document_signatures_sha_idx" ON "document_signatures" USING btree ("document_sha256");