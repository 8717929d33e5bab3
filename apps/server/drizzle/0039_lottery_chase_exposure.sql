CREATE TABLE "lottery_chases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"periods" integer NOT NULL,
	"stop_on_win" boolean NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_chases_status_ck" CHECK ("lottery_chases"."status" IN ('running', 'stopped', 'done')),
	CONSTRAINT "lottery_chases_periods_ck" CHECK ("lottery_chases"."periods" > 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_exposure" (
	"period_id" bigint NOT NULL,
	"cell" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "lottery_exposure_period_id_cell_pk" PRIMARY KEY("period_id","cell"),
	CONSTRAINT "lottery_exposure_ck" CHECK ("lottery_exposure"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD COLUMN "chase_id" bigint;--> statement-breakpoint
ALTER TABLE "lottery_games" ADD COLUMN "max_exposure" bigint DEFAULT 500000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_chases" ADD CONSTRAINT "lottery_chases_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_chases" ADD CONSTRAINT "lottery_chases_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_exposure" ADD CONSTRAINT "lottery_exposure_period_id_lottery_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."lottery_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_chases_member_idx" ON "lottery_chases" USING btree ("member_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_chase_id_lottery_chases_id_fk" FOREIGN KEY ("chase_id") REFERENCES "public"."lottery_chases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_bets_chase_idx" ON "lottery_bets" USING btree ("chase_id");