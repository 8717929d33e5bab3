CREATE TABLE "leaderboard_periods" (
	"leaderboard_id" bigint NOT NULL,
	"period" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_periods_leaderboard_id_period_pk" PRIMARY KEY("leaderboard_id","period")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_prizes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"leaderboard_id" bigint NOT NULL,
	"period" text NOT NULL,
	"rank" integer NOT NULL,
	"member_id" integer NOT NULL,
	"value" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"metric" text NOT NULL,
	"period" text NOT NULL,
	"game_type" text,
	"prizes" jsonb NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboards_metric_ck" CHECK ("leaderboards"."metric" IN ('turnover', 'wins')),
	CONSTRAINT "leaderboards_period_ck" CHECK ("leaderboards"."period" IN ('daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "mission_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"mission_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"period" text NOT NULL,
	"reward_kind" text NOT NULL,
	"reward" bigint NOT NULL,
	"wagering_required" bigint DEFAULT 0 NOT NULL,
	"since_posting_id" bigint,
	"wagering_met_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"game_type" text,
	"target" bigint NOT NULL,
	"reward_kind" text NOT NULL,
	"reward" bigint NOT NULL,
	"wagering_multiple" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missions_period_ck" CHECK ("missions"."period" IN ('daily', 'weekly', 'once')),
	CONSTRAINT "missions_kind_ck" CHECK ("missions"."kind" IN ('deposit', 'turnover', 'rounds', 'login_days', 'invite')),
	CONSTRAINT "missions_reward_ck" CHECK ("missions"."reward_kind" IN ('cash', 'bonus', 'points') AND "missions"."reward" > 0),
	CONSTRAINT "missions_target_ck" CHECK ("missions"."target" > 0)
);
--> statement-breakpoint
ALTER TABLE "points_entries" DROP CONSTRAINT "points_entries_reason_ck";--> statement-breakpoint
ALTER TABLE "leaderboard_periods" ADD CONSTRAINT "leaderboard_periods_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_periods" ADD CONSTRAINT "leaderboard_periods_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_prizes" ADD CONSTRAINT "leaderboard_prizes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_prizes" ADD CONSTRAINT "leaderboard_prizes_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_prizes" ADD CONSTRAINT "leaderboard_prizes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboards" ADD CONSTRAINT "leaderboards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_prizes_rank_uq" ON "leaderboard_prizes" USING btree ("leaderboard_id","period","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_prizes_member_uq" ON "leaderboard_prizes" USING btree ("leaderboard_id","period","member_id");--> statement-breakpoint
CREATE INDEX "leaderboards_merchant_idx" ON "leaderboards" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_claims_once_uq" ON "mission_claims" USING btree ("mission_id","member_id","period");--> statement-breakpoint
CREATE INDEX "mission_claims_member_idx" ON "mission_claims" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "mission_claims_report_idx" ON "mission_claims" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "mission_claims_wagering_idx" ON "mission_claims" USING btree ("member_id") WHERE wagering_required > 0 AND wagering_met_at IS NULL;--> statement-breakpoint
CREATE INDEX "missions_merchant_idx" ON "missions" USING btree ("merchant_id","sort","id");--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_reason_ck" CHECK ("points_entries"."reason" IN ('earned', 'redeemed', 'returned', 'converted', 'adjusted', 'mission'));