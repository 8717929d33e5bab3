-- The catalogue name search uses trigram indexes (trusted extension: no superuser needed on PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "game_categories" (
	"merchant_id" integer NOT NULL,
	"game_type" text NOT NULL,
	"title" jsonb NOT NULL,
	"cards" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "game_categories_merchant_id_game_type_pk" PRIMARY KEY("merchant_id","game_type")
);
--> statement-breakpoint
CREATE TABLE "game_classify" (
	"merchant_id" integer NOT NULL,
	"game_type" text NOT NULL,
	"key" text NOT NULL,
	"names" jsonb NOT NULL,
	"rule" text DEFAULT 'TAG' NOT NULL,
	"threshold" bigint,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_classify_merchant_id_game_type_key_pk" PRIMARY KEY("merchant_id","game_type","key")
);
--> statement-breakpoint
CREATE TABLE "game_names" (
	"game_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	"search_key" text NOT NULL,
	CONSTRAINT "game_names_game_id_language_pk" PRIMARY KEY("game_id","language")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"game_code" text NOT NULL,
	"node_name" text NOT NULL,
	"names" jsonb NOT NULL,
	"is_game" text DEFAULT 'GAME' NOT NULL,
	"show_icon" boolean DEFAULT true NOT NULL,
	"icon_url" text NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"support_play" smallint DEFAULT 1 NOT NULL,
	"min_bet" bigint,
	"lines" integer,
	"classify" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_game_types" (
	"merchant_id" integer NOT NULL,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "vendor_game_types_merchant_id_vassalage_game_type_pk" PRIMARY KEY("merchant_id","vassalage","game_type")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"vassalage" text NOT NULL,
	"display_name" text NOT NULL,
	"icon_url" text NOT NULL,
	"lager_icon" text NOT NULL,
	"cards" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorite_games" (
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_wins" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"game_type" text NOT NULL,
	"round_ref" text NOT NULL,
	"customer_name" text NOT NULL,
	"win_amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_games" (
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	"launches" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "recent_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"type" text NOT NULL,
	"execution" text DEFAULT 'B' NOT NULL,
	"platform" text DEFAULT 'W' NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"promotion_type" text,
	"game_type" text,
	"vassalage" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"start_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"group_name" text NOT NULL,
	"title" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"linkage_type" text DEFAULT 'NONE' NOT NULL,
	"linkage" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"term" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_categories" ADD CONSTRAINT "game_categories_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_classify" ADD CONSTRAINT "game_classify_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_names" ADD CONSTRAINT "game_names_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_names" ADD CONSTRAINT "game_names_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_game_types" ADD CONSTRAINT "vendor_game_types_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_wins" ADD CONSTRAINT "game_wins_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_wins" ADD CONSTRAINT "game_wins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_wins" ADD CONSTRAINT "game_wins_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_names_search_idx" ON "game_names" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "games_merchant_vendor_code_uq" ON "games" USING btree ("merchant_id","vassalage","game_code");--> statement-breakpoint
CREATE INDEX "games_type_idx" ON "games" USING btree ("merchant_id","game_type","sort","id");--> statement-breakpoint
CREATE INDEX "games_vendor_idx" ON "games" USING btree ("merchant_id","vassalage","sort","id");--> statement-breakpoint
CREATE INDEX "games_order_idx" ON "games" USING btree ("merchant_id","sort","id");--> statement-breakpoint
CREATE INDEX "games_hot_idx" ON "games" USING btree ("merchant_id","sort","id") WHERE "games"."is_hot";--> statement-breakpoint
CREATE INDEX "games_artwork_idx" ON "games" USING btree ("vassalage","game_code");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_merchant_vassalage_uq" ON "vendors" USING btree ("merchant_id","vassalage");--> statement-breakpoint
CREATE INDEX "favorite_games_member_idx" ON "favorite_games" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "game_wins_round_uq" ON "game_wins" USING btree ("merchant_id","round_ref");--> statement-breakpoint
CREATE INDEX "game_wins_board_idx" ON "game_wins" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "game_wins_type_idx" ON "game_wins" USING btree ("merchant_id","game_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recent_games_member_idx" ON "recent_games" USING btree ("member_id","played_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "announcements_merchant_idx" ON "announcements" USING btree ("merchant_id","type","sort");--> statement-breakpoint
CREATE INDEX "banners_merchant_idx" ON "banners" USING btree ("merchant_id","group_name","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "help_articles_term_uq" ON "help_articles" USING btree ("merchant_id","term","language");