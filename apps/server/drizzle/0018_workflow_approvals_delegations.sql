CREATE TABLE "workflow_approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"action_key" text NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text,
	"approved_at" timestamp with time zone NOT NULL,
	"closed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_delegations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_delegations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_delegations_range" CHECK ("workflow_delegations"."ends_on" >= "workflow_delegations"."starts_on"),
	CONSTRAINT "workflow_delegations_other" CHECK ("workflow_delegations"."from_user_id" <> "workflow_delegations"."to_user_id")
);
--> statement-breakpoint
ALTER TABLE "runtime_items" ADD COLUMN "responsible_group_id" integer;--> statement-breakpoint
ALTER TABLE "workflow_approvals" ADD CONSTRAINT "workflow_approvals_item_id_runtime_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."runtime_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_approvals" ADD CONSTRAINT "workflow_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_delegations" ADD CONSTRAINT "workflow_delegations_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_delegations" ADD CONSTRAINT "workflow_delegations_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_approvals_open_unique" ON "workflow_approvals" USING btree ("item_id","action_key","user_id") WHERE not "workflow_approvals"."closed";--> statement-breakpoint
CREATE INDEX "workflow_approvals_item_idx" ON "workflow_approvals" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "workflow_delegations_to_idx" ON "workflow_delegations" USING btree ("to_user_id","starts_on");--> statement-breakpoint
CREATE INDEX "workflow_delegations_from_idx" ON "workflow_delegations" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "runtime_items_responsible_group_idx" ON "runtime_items" USING btree ("responsible_group_id") WHERE "runtime_items"."responsible_group_id" is not null;