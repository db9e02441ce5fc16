CREATE TABLE "runtime_repository_folder_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"folder_id" bigint NOT NULL,
	"user_id" integer,
	"group_id" integer,
	"can_write" boolean DEFAULT false NOT NULL,
	CONSTRAINT "runtime_repository_folder_grants_one_grantee" CHECK (("runtime_repository_folder_grants"."user_id" is null) <> ("runtime_repository_folder_grants"."group_id" is null))
);
--> statement-breakpoint
ALTER TABLE "runtime_repository_folder_grants" ADD CONSTRAINT "runtime_repository_folder_grants_folder_id_runtime_items_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."runtime_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_repository_folder_grants" ADD CONSTRAINT "runtime_repository_folder_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_repository_folder_grants" ADD CONSTRAINT "runtime_repository_folder_grants_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "runtime_repository_folder_grants_user_unique" ON "runtime_repository_folder_grants" USING btree ("folder_id","user_id") WHERE "runtime_repository_folder_grants"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "runtime_repository_folder_grants_group_unique" ON "runtime_repository_folder_grants" USING btree ("folder_id","group_id") WHERE "runtime_repository_folder_grants"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "runtime_repository_folder_grants_user_idx" ON "runtime_repository_folder_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "runtime_repository_folder_grants_group_idx" ON "runtime_repository_folder_grants" USING btree ("group_id");