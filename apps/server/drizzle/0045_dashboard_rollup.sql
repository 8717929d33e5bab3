CREATE TABLE "dashboard_active_members" (
	"merchant_id" integer NOT NULL,
	"block" integer NOT NULL,
	"member_id" integer NOT NULL,
	"bits" bigint NOT NULL,
	CONSTRAINT "dashboard_active_members_merchant_id_block_member_id_pk" PRIMARY KEY("merchant_id","block","member_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_member_days" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"member_id" integer NOT NULL,
	"house_net" bigint DEFAULT 0 NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	"rollbacks" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	"bonuses" bigint DEFAULT 0 NOT NULL,
	"salaries" bigint DEFAULT 0 NOT NULL,
	"dividends" bigint DEFAULT 0 NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_member_days_merchant_id_day_member_id_pk" PRIMARY KEY("merchant_id","day","member_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_money_days" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"house_net" bigint DEFAULT 0 NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	"rollbacks" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	"bonuses" bigint DEFAULT 0 NOT NULL,
	"salaries" bigint DEFAULT 0 NOT NULL,
	"dividends" bigint DEFAULT 0 NOT NULL,
	"active_players" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_money_days_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_play_days" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"vendor" text NOT NULL,
	"game_type" text NOT NULL,
	"game_code" text NOT NULL,
	"rounds" integer NOT NULL,
	"turnover" bigint NOT NULL,
	"ggr" bigint NOT NULL,
	CONSTRAINT "dashboard_play_days_merchant_id_day_vendor_game_type_game_code_pk" PRIMARY KEY("merchant_id","day","vendor","game_type","game_code")
);
--> statement-breakpoint
CREATE TABLE "dashboard_signup_days" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"registrations" integer NOT NULL,
	CONSTRAINT "dashboard_signup_days_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_state" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"timezone" text NOT NULL,
	"ledger_upto" bigint DEFAULT 0 NOT NULL,
	"play_rolled_to" date,
	"rounds_mark" timestamp with time zone,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_state" ADD CONSTRAINT "dashboard_state_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_member_days_member_idx" ON "dashboard_member_days" USING btree ("member_id","day");--> statement-breakpoint
CREATE INDEX "game_rounds_updated_idx" ON "game_rounds" USING btree ("merchant_id","updated_at");--> statement-breakpoint
-- Registrations per day of the days after the roll-up are read live from members (decision 088):
-- covering the columns the dashboard filters on makes it an index-only scan (drizzle cannot declare
-- INCLUDE).
DROP INDEX IF EXISTS "members_created_idx";--> statement-breakpoint
CREATE INDEX "members_created_idx" ON "members" USING btree ("merchant_id","created_at") INCLUDE ("type","test_account");
