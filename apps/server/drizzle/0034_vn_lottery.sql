CREATE TABLE "lottery_result_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"period_id" bigint NOT NULL,
	"result" jsonb NOT NULL,
	"entered_by" integer NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "lottery_result_entries_status_ck" CHECK ("lottery_result_entries"."status" IN ('pending', 'confirmed', 'replaced')),
	CONSTRAINT "lottery_result_entries_two_ck" CHECK ("lottery_result_entries"."confirmed_by" IS NULL OR "lottery_result_entries"."confirmed_by" <> "lottery_result_entries"."entered_by")
);
--> statement-breakpoint
ALTER TABLE "lottery_games" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "lottery_games" ADD COLUMN "official" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_games" ADD COLUMN "settle_hold_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_periods" ADD COLUMN "result_source" text;--> statement-breakpoint
ALTER TABLE "lottery_result_entries" ADD CONSTRAINT "lottery_result_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_result_entries" ADD CONSTRAINT "lottery_result_entries_period_id_lottery_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."lottery_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_result_entries" ADD CONSTRAINT "lottery_result_entries_entered_by_operators_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_result_entries" ADD CONSTRAINT "lottery_result_entries_confirmed_by_operators_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_result_entries_period_idx" ON "lottery_result_entries" USING btree ("period_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_result_entries_pending_uq" ON "lottery_result_entries" USING btree ("period_id") WHERE "lottery_result_entries"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "lottery_games" ADD CONSTRAINT "lottery_games_hold_ck" CHECK ("lottery_games"."settle_hold_seconds" >= 0);--> statement-breakpoint
ALTER TABLE "lottery_periods" ADD CONSTRAINT "lottery_periods_source_ck" CHECK ("lottery_periods"."result_source" IN ('house', 'feed', 'operator'));