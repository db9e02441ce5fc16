CREATE TABLE "push_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_name" text DEFAULT '' NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_devices_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "vapid_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"user_id" integer,
	"group_id" integer,
	CONSTRAINT "application_grants_one_grantee" CHECK (("application_grants"."user_id" is null) <> ("application_grants"."group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "application_menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"key" text NOT NULL,
	"parent_key" text,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"is_font_awesome" boolean DEFAULT false NOT NULL,
	"image_content" text DEFAULT '' NOT NULL,
	"title" boolean DEFAULT false NOT NULL,
	"multilevel" boolean DEFAULT false NOT NULL,
	"badge_source" text
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon_name" text DEFAULT '' NOT NULL,
	"is_font_awesome_icon" boolean DEFAULT false NOT NULL,
	"image_content" text DEFAULT '' NOT NULL,
	"display_on_toolbar" boolean DEFAULT false NOT NULL,
	"url_behavior" boolean DEFAULT false NOT NULL,
	"url_link" text DEFAULT '' NOT NULL,
	"app_version" text DEFAULT '1.0' NOT NULL,
	"collapsed_menu" boolean DEFAULT false NOT NULL,
	"html_scripts" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"message_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"readed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_grants" ADD CONSTRAINT "application_grants_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_grants" ADD CONSTRAINT "application_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_grants" ADD CONSTRAINT "application_grants_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_menu_items" ADD CONSTRAINT "application_menu_items_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_devices_user_idx" ON "push_devices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_grants_user_unique" ON "application_grants" USING btree ("application_id","user_id") WHERE "application_grants"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "application_grants_group_unique" ON "application_grants" USING btree ("application_id","group_id") WHERE "application_grants"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "application_grants_user_idx" ON "application_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "application_grants_group_idx" ON "application_grants" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_menu_items_key_unique" ON "application_menu_items" USING btree ("application_id","key");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_groups_name_unique" ON "user_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "messages_user_created_idx" ON "messages" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);