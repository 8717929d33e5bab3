CREATE TABLE "rebate_cursors" (
	"member_id" integer NOT NULL,
	"game_type" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"paid_through" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_cursors_member_id_game_type_pk" PRIMARY KEY("member_id","game_type")
);
--> statement-breakpoint
CREATE TABLE "rebate_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"game_type" text NOT NULL,
	"source" text NOT NULL,
	"period" text NOT NULL,
	"from_at" timestamp with time zone,
	"to_at" timestamp with time zone NOT NULL,
	"turnover" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_payouts_source_ck" CHECK ("rebate_payouts"."source" IN ('claim', 'daily')),
	CONSTRAINT "rebate_payouts_amount_ck" CHECK ("rebate_payouts"."amount" > 0 AND "rebate_payouts"."turnover" > 0)
);
--> statement-breakpoint
CREATE TABLE "rebate_rates" (
	"merchant_id" integer NOT NULL,
	"game_type" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"rate_bp" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_rates_merchant_id_game_type_level_pk" PRIMARY KEY("merchant_id","game_type","level"),
	CONSTRAINT "rebate_rates_rate_ck" CHECK ("rebate_rates"."rate_bp" >= 0 AND "rebate_rates"."rate_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "rebate_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"daily_auto" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rebate_cursors" ADD CONSTRAINT "rebate_cursors_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_cursors" ADD CONSTRAINT "rebate_cursors_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_payouts" ADD CONSTRAINT "rebate_payouts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_payouts" ADD CONSTRAINT "rebate_payouts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_rates" ADD CONSTRAINT "rebate_rates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_settings" ADD CONSTRAINT "rebate_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rebate_payouts_period_uq" ON "rebate_payouts" USING btree ("member_id","game_type","period");--> statement-breakpoint
CREATE UNIQUE INDEX "rebate_payouts_span_uq" ON "rebate_payouts" USING btree ("member_id","game_type","to_at");--> statement-breakpoint
CREATE INDEX "rebate_payouts_member_idx" ON "rebate_payouts" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "rebate_payouts_merchant_idx" ON "rebate_payouts" USING btree ("merchant_id","created_at");