CREATE TABLE "additional_field_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"name" text NOT NULL,
	"label_pt_br" text NOT NULL,
	"label_en" text NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_server_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"security" text NOT NULL,
	"smtp_user" text DEFAULT '' NOT NULL,
	"password_sealed" text,
	"sender" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "additional_field_definitions_entity_name_unique" ON "additional_field_definitions" USING btree ("entity","name");--> statement-breakpoint
CREATE INDEX "additional_field_definitions_entity_idx" ON "additional_field_definitions" USING btree ("entity","position");