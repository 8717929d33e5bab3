CREATE TABLE "vip_bonuses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"level" integer NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_bonuses_kind_ck" CHECK ("vip_bonuses"."kind" IN ('upgrade', 'weekly', 'monthly', 'birthday')),
	CONSTRAINT "vip_bonuses_amount_ck" CHECK ("vip_bonuses"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"merchant_id" integer NOT NULL,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"deposit_min" bigint DEFAULT 0 NOT NULL,
	"turnover_min" bigint DEFAULT 0 NOT NULL,
	"keep_deposit" bigint DEFAULT 0 NOT NULL,
	"keep_turnover" bigint DEFAULT 0 NOT NULL,
	"upgrade_bonus" bigint DEFAULT 0 NOT NULL,
	"weekly_bonus" bigint DEFAULT 0 NOT NULL,
	"monthly_bonus" bigint DEFAULT 0 NOT NULL,
	"birthday_bonus" bigint DEFAULT 0 NOT NULL,
	"withdraw_daily_max" bigint,
	"withdraw_daily_count" integer,
	"points_bonus_bp" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_levels_merchant_id_level_pk" PRIMARY KEY("merchant_id","level"),
	CONSTRAINT "vip_levels_level_ck" CHECK ("vip_levels"."level" >= 1)
);
--> statement-breakpoint
CREATE TABLE "vip_members" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"window_days" integer DEFAULT 90 NOT NULL,
	"match" text DEFAULT 'all' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_settings_match_ck" CHECK ("vip_settings"."match" IN ('all', 'any')),
	CONSTRAINT "vip_settings_window_ck" CHECK ("vip_settings"."window_days" BETWEEN 1 AND 365)
);
--> statement-breakpoint
ALTER TABLE "vip_bonuses" ADD CONSTRAINT "vip_bonuses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_bonuses" ADD CONSTRAINT "vip_bonuses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_levels" ADD CONSTRAINT "vip_levels_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_members" ADD CONSTRAINT "vip_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_members" ADD CONSTRAINT "vip_members_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_settings" ADD CONSTRAINT "vip_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vip_bonuses_period_uq" ON "vip_bonuses" USING btree ("member_id","kind","period");--> statement-breakpoint
CREATE INDEX "vip_bonuses_member_idx" ON "vip_bonuses" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "vip_bonuses_merchant_idx" ON "vip_bonuses" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "vip_members_level_idx" ON "vip_members" USING btree ("merchant_id","level");--> statement-breakpoint
CREATE INDEX "game_rounds_ended_idx" ON "game_rounds" USING btree ("merchant_id","ended_at");