CREATE TABLE "runtime_field_visibility" (
	"user_id" integer NOT NULL,
	"component_id" integer NOT NULL,
	"project_id" bigint DEFAULT 0 NOT NULL,
	"field" text NOT NULL,
	"is_visible" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "runtime_field_visibility_user_id_component_id_project_id_field_pk" PRIMARY KEY("user_id","component_id","project_id","field")
);
--> statement-breakpoint
ALTER TABLE "runtime_field_visibility" ADD CONSTRAINT "runtime_field_visibility_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;