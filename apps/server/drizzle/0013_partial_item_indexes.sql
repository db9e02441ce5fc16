DROP INDEX "runtime_items_project_idx";--> statement-breakpoint
DROP INDEX "runtime_items_parent_idx";--> statement-breakpoint
DROP INDEX "runtime_items_responsible_idx";--> statement-breakpoint
CREATE INDEX "runtime_items_project_idx" ON "runtime_items" USING btree ("project_id") WHERE "runtime_items"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "runtime_items_parent_idx" ON "runtime_items" USING btree ("parent_id") WHERE "runtime_items"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "runtime_items_responsible_idx" ON "runtime_items" USING btree ("responsible_id") WHERE "runtime_items"."responsible_id" is not null;