CREATE TABLE "runtime_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "runtime_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"referenced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "runtime_item_followers" (
	"item_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "runtime_item_followers_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "runtime_files" ADD CONSTRAINT "runtime_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_item_followers" ADD CONSTRAINT "runtime_item_followers_item_id_runtime_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."runtime_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runtime_item_followers" ADD CONSTRAINT "runtime_item_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "runtime_files_uploaded_by_idx" ON "runtime_files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "runtime_item_followers_user_idx" ON "runtime_item_followers" USING btree ("user_id");