CREATE TABLE "lottery_prize_sets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"family" text NOT NULL,
	"digest" text NOT NULL,
	"prizes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD COLUMN "prize_set_id" bigint;--> statement-breakpoint
ALTER TABLE "lottery_prize_sets" ADD CONSTRAINT "lottery_prize_sets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_prize_sets_digest_uq" ON "lottery_prize_sets" USING btree ("merchant_id","family","digest");--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_prize_set_id_lottery_prize_sets_id_fk" FOREIGN KEY ("prize_set_id") REFERENCES "public"."lottery_prize_sets"("id") ON DELETE no action ON UPDATE no action;