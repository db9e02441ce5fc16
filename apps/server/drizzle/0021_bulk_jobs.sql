CREATE TABLE "bulk_job_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bulk_job_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"claim_token" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"version" integer,
	"error_field" text,
	"error_code" text,
	"error_message" text,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bulk_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bulk_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"component_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"language" text NOT NULL,
	"operation" jsonb NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bulk_job_items" ADD CONSTRAINT "bulk_job_items_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_job_items_job_state_idx" ON "bulk_job_items" USING btree ("job_id","state");--> statement-breakpoint
CREATE INDEX "bulk_job_items_open_idx" ON "bulk_job_items" USING btree ("job_id","position") WHERE "bulk_job_items"."state" in ('pending', 'claimed');--> statement-breakpoint
CREATE INDEX "bulk_jobs_creator_idx" ON "bulk_jobs" USING btree ("creator_id","id");--> statement-breakpoint
CREATE INDEX "bulk_jobs_open_idx" ON "bulk_jobs" USING btree ("id") WHERE "bulk_jobs"."status" in ('pending', 'running');