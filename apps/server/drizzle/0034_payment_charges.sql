CREATE TABLE "payment_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"component_id" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"provider_charge_id" text NOT NULL,
	"pix_payload" text,
	"boleto_line" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_charges_provider_charge_id_unique" UNIQUE("provider_charge_id")
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider_charge_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_item_id_runtime_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."runtime_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_charges_item_idx" ON "payment_charges" USING btree ("item_id");