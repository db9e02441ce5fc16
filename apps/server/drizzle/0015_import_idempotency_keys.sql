CREATE TABLE "import_idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"file_sha256" text NOT NULL,
	"target" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"result" jsonb,
	CONSTRAINT "import_idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "import_idempotency_keys" ADD CONSTRAINT "import_idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;