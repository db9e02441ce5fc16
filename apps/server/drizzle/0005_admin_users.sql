CREATE TABLE "user_work_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	CONSTRAINT "user_work_periods_weekday" CHECK ("user_work_periods"."weekday" between 0 and 6),
	CONSTRAINT "user_work_periods_order" CHECK ("user_work_periods"."start_time" < "user_work_periods"."end_time")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"cnpj" text NOT NULL,
	"name" text NOT NULL,
	"trade_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracted_plan" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"max_users" integer NOT NULL,
	"max_applications" integer NOT NULL,
	"max_storage_mib" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracted_plan_single_row" CHECK ("contracted_plan"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "user_work_periods" ADD CONSTRAINT "user_work_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_work_periods_user_idx" ON "user_work_periods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_cnpj_unique" ON "companies" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree (lower("name"));