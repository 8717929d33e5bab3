CREATE TABLE "customer_service_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"cs_type" text NOT NULL,
	"display_name" text NOT NULL,
	"path" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"host" text NOT NULL,
	"is_mirror" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"resource_type" text NOT NULL,
	"key" text NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"site_name" text NOT NULL,
	"logo_url" text NOT NULL,
	"favicon_url" text NOT NULL,
	"platform" text DEFAULT 'WEB' NOT NULL,
	"lottery_type" text DEFAULT 'Lott' NOT NULL,
	"languages" text[] NOT NULL,
	"default_language" text NOT NULL,
	"currency" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"currency_exponent" integer DEFAULT 2 NOT NULL,
	"timezone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"theme" jsonb NOT NULL,
	"app_download" jsonb NOT NULL,
	"features" jsonb NOT NULL,
	"register_setting" jsonb NOT NULL,
	"main_domain" text NOT NULL,
	"analytics_id" text,
	"image_cdns" text[] DEFAULT '{}'::text[] NOT NULL,
	"launch_game_cdns" text[] DEFAULT '{}'::text[] NOT NULL,
	"maintenance_enabled" boolean DEFAULT false NOT NULL,
	"maintenance_end_time" timestamp with time zone,
	"maintenance_message" text DEFAULT '' NOT NULL,
	"blocked_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"allowed_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"cidr_allow" text[] DEFAULT '{}'::text[] NOT NULL,
	"cidr_block" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_service_entries" ADD CONSTRAINT "customer_service_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_domains" ADD CONSTRAINT "merchant_domains_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_resources" ADD CONSTRAINT "merchant_resources_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_service_merchant_idx" ON "customer_service_entries" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_domains_host_uq" ON "merchant_domains" USING btree ("host");--> statement-breakpoint
CREATE INDEX "merchant_domains_merchant_idx" ON "merchant_domains" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_resources_uq" ON "merchant_resources" USING btree ("merchant_id","resource_type","key");--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_code_uq" ON "merchants" USING btree ("code");