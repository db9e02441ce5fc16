CREATE TABLE "application_definition_versions" (
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_by" integer,
	CONSTRAINT "application_definition_versions_key_version_pk" PRIMARY KEY("key","version")
);
--> statement-breakpoint
CREATE TABLE "application_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"application_id" integer NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_by" integer
);
--> statement-breakpoint
CREATE TABLE "runtime_components" (
	"id" integer PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"definition_version" integer NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "runtime_formatted_id_sequences" (
	"component_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "runtime_formatted_id_sequences_component_id_year_pk" PRIMARY KEY("component_id","year")
);
--> statement-breakpoint
CREATE TABLE "runtime_item_versions" (
	"item_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"component_id" integer NOT NULL,
	"action" text NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "runtime_item_versions_item_id_version_pk" PRIMARY KEY("item_id","version")
);
--> statement-breakpoint
CREATE TABLE "runtime_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "runtime_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"component_id" integer NOT NULL,
	"project_id" bigint,
	"parent_id" bigint,
	"formatted_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"status" text,
	"responsible_id" integer,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_id" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"has_attachment" boolean DEFAULT false NOT NULL,
	"has_digital_content" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runtime_project_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"user_id" integer,
	"group_id" integer,
	"read_only" boolean DEFAULT false NOT NULL,
	"restrict_folder_access" boolean DEFAULT false NOT NULL,
	CONSTRAINT "runtime_project_permissions_one_grantee" CHECK (("runtime_project_permissions"."user_id" is null) <> ("runtime_project_permissions"."group_id" is null))
);
--> statement-breakpoint
ALTER TABLE "application_definition_versions" ADD CONSTRAINT "application_definition_versions_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_definitions" ADD CONSTRAINT "application_definitions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_definitions" ADD CONSTRAINT "application_definitions_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_components" ADD CONSTRAINT "runtime_components_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_item_versions" ADD CONSTRAINT "runtime_item_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_items" ADD CONSTRAINT "runtime_items_component_id_runtime_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."runtime_components"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_items" ADD CONSTRAINT "runtime_items_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_items" ADD CONSTRAINT "runtime_items_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_items" ADD CONSTRAINT "runtime_items_modifier_id_users_id_fk" FOREIGN KEY ("modifier_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_project_permissions" ADD CONSTRAINT "runtime_project_permissions_project_id_runtime_items_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."runtime_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_project_permissions" ADD CONSTRAINT "runtime_project_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_project_permissions" ADD CONSTRAINT "runtime_project_permissions_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_definitions_key_unique" ON "application_definitions" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "application_definitions_application_unique" ON "application_definitions" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "runtime_components_name_unique" ON "runtime_components" USING btree ("name");--> statement-breakpoint
CREATE INDEX "runtime_components_application_idx" ON "runtime_components" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "runtime_items_formatted_id_unique" ON "runtime_items" USING btree ("component_id","formatted_id");--> statement-breakpoint
CREATE INDEX "runtime_items_component_id_idx" ON "runtime_items" USING btree ("component_id","id");--> statement-breakpoint
CREATE INDEX "runtime_items_component_project_idx" ON "runtime_items" USING btree ("component_id","project_id","id");--> statement-breakpoint
CREATE INDEX "runtime_items_component_modified_idx" ON "runtime_items" USING btree ("component_id","modified_at","id");--> statement-breakpoint
CREATE INDEX "runtime_items_component_created_idx" ON "runtime_items" USING btree ("component_id","created_at","id");--> statement-breakpoint
CREATE INDEX "runtime_items_project_idx" ON "runtime_items" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "runtime_items_parent_idx" ON "runtime_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "runtime_items_creator_idx" ON "runtime_items" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "runtime_items_responsible_idx" ON "runtime_items" USING btree ("responsible_id");--> statement-breakpoint
CREATE UNIQUE INDEX "runtime_project_permissions_user_unique" ON "runtime_project_permissions" USING btree ("project_id","user_id") WHERE "runtime_project_permissions"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "runtime_project_permissions_group_unique" ON "runtime_project_permissions" USING btree ("project_id","group_id") WHERE "runtime_project_permissions"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "runtime_project_permissions_user_idx" ON "runtime_project_permissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "runtime_project_permissions_group_idx" ON "runtime_project_permissions" USING btree ("group_id");