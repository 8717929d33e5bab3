CREATE TABLE "lottery_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"period_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"numero" text NOT NULL,
	"bet_type" text NOT NULL,
	"picks" jsonb NOT NULL,
	"multiplier" integer NOT NULL,
	"units" integer NOT NULL,
	"amount" bigint NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_bets_status_ck" CHECK ("lottery_bets"."status" IN ('open', 'won', 'lost', 'cancelled', 'refunded')),
	CONSTRAINT "lottery_bets_amount_ck" CHECK ("lottery_bets"."amount" > 0 AND "lottery_bets"."win" >= 0 AND "lottery_bets"."units" > 0 AND "lottery_bets"."multiplier" > 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_games" (
	"merchant_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"family" text NOT NULL,
	"interval_seconds" integer NOT NULL,
	"daily_draw_minute" integer,
	"close_seconds" integer NOT NULL,
	"prize_group" integer DEFAULT 1800 NOT NULL,
	"min_bet" bigint NOT NULL,
	"max_bet" bigint NOT NULL,
	"max_period" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "lottery_games_merchant_id_game_code_pk" PRIMARY KEY("merchant_id","game_code"),
	CONSTRAINT "lottery_games_interval_ck" CHECK ("lottery_games"."interval_seconds" > 0),
	CONSTRAINT "lottery_games_close_ck" CHECK ("lottery_games"."close_seconds" >= 0 AND "lottery_games"."close_seconds" < "lottery_games"."interval_seconds"),
	CONSTRAINT "lottery_games_prize_group_ck" CHECK ("lottery_games"."prize_group" BETWEEN 1700 AND 1980)
);
--> statement-breakpoint
CREATE TABLE "lottery_periods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"numero" text NOT NULL,
	"open_at" timestamp with time zone NOT NULL,
	"close_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"result" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_periods_status_ck" CHECK ("lottery_periods"."status" IN ('open', 'drawn', 'settled', 'void')),
	CONSTRAINT "lottery_periods_times_ck" CHECK ("lottery_periods"."open_at" < "lottery_periods"."draw_at" AND "lottery_periods"."close_at" <= "lottery_periods"."draw_at")
);
--> statement-breakpoint
CREATE TABLE "lottery_prizes" (
	"merchant_id" integer NOT NULL,
	"family" text NOT NULL,
	"prize_key" text NOT NULL,
	"prize" bigint NOT NULL,
	CONSTRAINT "lottery_prizes_merchant_id_family_prize_key_pk" PRIMARY KEY("merchant_id","family","prize_key"),
	CONSTRAINT "lottery_prizes_ck" CHECK ("lottery_prizes"."prize" > 0)
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_period_id_lottery_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."lottery_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_games" ADD CONSTRAINT "lottery_games_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_periods" ADD CONSTRAINT "lottery_periods_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_bets_period_idx" ON "lottery_bets" USING btree ("period_id","status");--> statement-breakpoint
CREATE INDEX "lottery_bets_member_idx" ON "lottery_bets" USING btree ("member_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_periods_numero_uq" ON "lottery_periods" USING btree ("merchant_id","game_code","numero");--> statement-breakpoint
CREATE INDEX "lottery_periods_draw_idx" ON "lottery_periods" USING btree ("merchant_id","game_code","draw_at" DESC NULLS LAST);