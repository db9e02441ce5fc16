CREATE TABLE "runtime_item_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "runtime_item_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"from_item_id" bigint NOT NULL,
	"to_item_id" bigint NOT NULL,
	"relation" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "runtime_item_links" ADD CONSTRAINT "runtime_item_links_from_item_id_runtime_items_id_fk" FOREIGN KEY ("from_item_id") REFERENCES "public"."runtime_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_item_links" ADD CONSTRAINT "runtime_item_links_to_item_id_runtime_items_id_fk" FOREIGN KEY ("to_item_id") REFERENCES "public"."runtime_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_item_links" ADD CONSTRAINT "runtime_item_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "runtime_item_links_unique" ON "runtime_item_links" USING btree ("from_item_id","relation","to_item_id");--> statement-breakpoint
CREATE INDEX "runtime_item_links_to_idx" ON "runtime_item_links" USING btree ("to_item_id","relation");