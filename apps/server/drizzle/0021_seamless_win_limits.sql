CREATE TABLE "pending_wins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"round_id" text NOT NULL,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"note" text,
	CONSTRAINT "pending_wins_status_ck" CHECK ("pending_wins"."status" IN ('pending', 'paid', 'voided')),
	CONSTRAINT "pending_wins_reason_ck" CHECK ("pending_wins"."reason" IN ('multiple', 'cap')),
	CONSTRAINT "pending_wins_amount_ck" CHECK ("pending_wins"."amount" > 0 AND "pending_wins"."stake" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seamless_win_limits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"max_multiple" integer,
	"max_amount" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seamless_win_limits_some_ck" CHECK ("seamless_win_limits"."max_multiple" IS NOT NULL OR "seamless_win_limits"."max_amount" IS NOT NULL),
	CONSTRAINT "seamless_win_limits_positive_ck" CHECK (COALESCE("seamless_win_limits"."max_multiple", 1) > 0 AND COALESCE("seamless_win_limits"."max_amount", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_ck";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_non_negative_ck";--> statement-breakpoint
ALTER TABLE "pending_wins" ADD CONSTRAINT "pending_wins_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_wins" ADD CONSTRAINT "pending_wins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_wins" ADD CONSTRAINT "pending_wins_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seamless_win_limits" ADD CONSTRAINT "seamless_win_limits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_wins_transaction_uq" ON "pending_wins" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE INDEX "pending_wins_merchant_idx" ON "pending_wins" USING btree ("merchant_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_win_limits_uq" ON "seamless_win_limits" USING btree ("merchant_id","vassalage","game_type");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_ck" CHECK ("ledger_accounts"."kind" IN ('member','agent','house','clearing','pending_withdrawal','bonus','commission','provider','adjustment','pending_win'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_non_negative_ck" CHECK ("ledger_accounts"."kind" NOT IN ('member','agent','pending_withdrawal','pending_win') OR "ledger_accounts"."balance" >= 0);