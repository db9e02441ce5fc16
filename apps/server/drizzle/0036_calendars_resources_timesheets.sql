CREATE TABLE "resource_projects" (
	"resource_id" integer NOT NULL,
	"project_id" bigint NOT NULL,
	CONSTRAINT "resource_projects_resource_id_project_id_pk" PRIMARY KEY("resource_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"calendar_id" integer,
	"cost_per_hour" numeric(12, 2) DEFAULT '0' NOT NULL,
	"supervisor_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_kind" CHECK ("resources"."kind" in ('user', 'asset')),
	CONSTRAINT "resources_user_kind" CHECK (("resources"."kind" = 'user') = ("resources"."user_id" is not null)),
	CONSTRAINT "resources_cost" CHECK ("resources"."cost_per_hour" >= 0)
);
--> statement-breakpoint
CREATE TABLE "timesheet_closings" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_id" integer,
	"project_id" bigint,
	"closed_through" text NOT NULL,
	"closed_by_id" integer,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_closings_one_scope" CHECK (("timesheet_closings"."resource_id" is null) <> ("timesheet_closings"."project_id" is null)),
	CONSTRAINT "timesheet_closings_month_format" CHECK ("timesheet_closings"."closed_through" ~ '^\d{4}-\d{2}$')
);
--> statement-breakpoint
CREATE TABLE "timesheet_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timesheet_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"project_id" bigint,
	"day" text NOT NULL,
	"minutes" integer NOT NULL,
	"start_time" text,
	"end_time" text,
	"note" text DEFAULT '' NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_entries_minutes" CHECK ("timesheet_entries"."minutes" between 1 and 1440),
	CONSTRAINT "timesheet_entries_day_format" CHECK ("timesheet_entries"."day" ~ '^\d{4}-\d{2}-\d{2}$'),
	CONSTRAINT "timesheet_entries_note_order" CHECK ("timesheet_entries"."start_time" is null or "timesheet_entries"."end_time" is null or "timesheet_entries"."start_time" < "timesheet_entries"."end_time")
);
--> statement-breakpoint
CREATE TABLE "work_calendar_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"calendar_id" integer NOT NULL,
	"day" text NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"recurring" boolean DEFAULT false NOT NULL,
	CONSTRAINT "work_calendar_holidays_day_format" CHECK ("work_calendar_holidays"."day" ~ '^\d{4}-\d{2}-\d{2}$')
);
--> statement-breakpoint
CREATE TABLE "work_calendar_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"calendar_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	CONSTRAINT "work_calendar_periods_weekday" CHECK ("work_calendar_periods"."weekday" between 0 and 6),
	CONSTRAINT "work_calendar_periods_order" CHECK ("work_calendar_periods"."start_time" < "work_calendar_periods"."end_time")
);
--> statement-breakpoint
CREATE TABLE "work_calendars" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"national_holidays" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resource_projects" ADD CONSTRAINT "resource_projects_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_projects" ADD CONSTRAINT "resource_projects_project_id_runtime_items_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."runtime_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_calendar_id_work_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."work_calendars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_closings" ADD CONSTRAINT "timesheet_closings_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_closings" ADD CONSTRAINT "timesheet_closings_project_id_runtime_items_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."runtime_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_closings" ADD CONSTRAINT "timesheet_closings_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_item_id_runtime_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."runtime_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_calendar_holidays" ADD CONSTRAINT "work_calendar_holidays_calendar_id_work_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."work_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_calendar_periods" ADD CONSTRAINT "work_calendar_periods_calendar_id_work_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."work_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_projects_project_idx" ON "resource_projects" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_user_unique" ON "resources" USING btree ("user_id") WHERE "resources"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "resources_supervisor_idx" ON "resources" USING btree ("supervisor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_closings_resource_unique" ON "timesheet_closings" USING btree ("resource_id") WHERE "timesheet_closings"."resource_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_closings_project_unique" ON "timesheet_closings" USING btree ("project_id") WHERE "timesheet_closings"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "timesheet_entries_user_day_idx" ON "timesheet_entries" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "timesheet_entries_project_day_idx" ON "timesheet_entries" USING btree ("project_id","day");--> statement-breakpoint
CREATE INDEX "timesheet_entries_item_idx" ON "timesheet_entries" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_calendar_holidays_day_unique" ON "work_calendar_holidays" USING btree ("calendar_id","day");--> statement-breakpoint
CREATE INDEX "work_calendar_periods_calendar_idx" ON "work_calendar_periods" USING btree ("calendar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_calendars_name_unique" ON "work_calendars" USING btree (lower("name"));