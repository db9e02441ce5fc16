CREATE TABLE "key_checks" (
	"id" integer PRIMARY KEY NOT NULL,
	"encryption_key_check" text NOT NULL,
	"jwt_key_check" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
