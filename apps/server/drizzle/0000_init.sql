CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"theme" text NOT NULL,
	"font" text NOT NULL,
	"default_language" text NOT NULL,
	"brand" text NOT NULL,
	"bg_login" text NOT NULL,
	"logo" text NOT NULL,
	"login_logo" text NOT NULL,
	"logo_white" text NOT NULL,
	"bg" text NOT NULL,
	"layout" text NOT NULL,
	"show_footer" boolean NOT NULL,
	"footer_logo_right" text NOT NULL,
	"footer_logo_left" text NOT NULL,
	"enable_recaptcha" boolean NOT NULL,
	"recaptcha_site_key" text NOT NULL,
	"require_terms_of_use" boolean NOT NULL,
	"enable_multi_language" boolean NOT NULL,
	"enable_bpm_component" boolean NOT NULL,
	"maintenance" boolean NOT NULL,
	"primary_color" jsonb NOT NULL,
	"secondary_color" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "platform_settings_single_row" CHECK ("platform_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
