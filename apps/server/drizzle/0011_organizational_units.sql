CREATE TABLE "organizational_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"acronym" text DEFAULT '' NOT NULL,
	"parent_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizational_units" ADD CONSTRAINT "organizational_units_parent_id_organizational_units_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."organizational_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organizational_units_sibling_name_unique" ON "organizational_units" USING btree (coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "organizational_units_parent_idx" ON "organizational_units" USING btree ("parent_id");