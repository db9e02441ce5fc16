ALTER TABLE "runtime_items" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runtime_items" ADD COLUMN "due_soon_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runtime_items" ADD COLUMN "warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runtime_items" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "runtime_items_due_warning_idx" ON "runtime_items" USING btree ("due_soon_at") WHERE "runtime_items"."due_soon_at" is not null and "runtime_items"."warned_at" is null;--> statement-breakpoint
CREATE INDEX "runtime_items_due_escalation_idx" ON "runtime_items" USING btree ("due_at") WHERE "runtime_items"."due_at" is not null and "runtime_items"."escalated_at" is null;