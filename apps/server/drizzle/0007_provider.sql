CREATE TABLE "game_launches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer,
	"provider" text NOT NULL,
	"vassalage" text NOT NULL,
	"game_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"game_type" text NOT NULL,
	"demo" boolean NOT NULL,
	"language" text NOT NULL,
	"launch_token_hash" text NOT NULL,
	"session_token_hash" text,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"launch_expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"session_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"round_id" text NOT NULL,
	"vassalage" text NOT NULL,
	"game_id" integer,
	"game_code" text NOT NULL,
	"game_type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"currency" text NOT NULL,
	"bet_total" bigint DEFAULT 0 NOT NULL,
	"win_total" bigint DEFAULT 0 NOT NULL,
	"refund_total" bigint DEFAULT 0 NOT NULL,
	"balance_before" bigint,
	"balance_after" bigint,
	"detail" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_rounds_status_ck" CHECK ("game_rounds"."status" IN ('open', 'closed', 'refunded')),
	CONSTRAINT "game_rounds_amounts_ck" CHECK ("game_rounds"."bet_total" >= 0 AND "game_rounds"."win_total" >= 0 AND "game_rounds"."refund_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "provider_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"round_pk" bigint,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"fingerprint" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"vassalage" text NOT NULL,
	"provider" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_transfers_direction_ck" CHECK ("provider_transfers"."direction" IN ('in', 'out')),
	CONSTRAINT "provider_transfers_status_ck" CHECK ("provider_transfers"."status" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "provider_transfers_amount_ck" CHECK ("provider_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "provider_vendors" (
	"merchant_id" integer NOT NULL,
	"vassalage" text NOT NULL,
	"provider" text NOT NULL,
	"wallet_model" text DEFAULT 'seamless' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"maintenance_from" timestamp with time zone,
	"maintenance_until" timestamp with time zone,
	"maintenance_message" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_vendors_merchant_id_vassalage_pk" PRIMARY KEY("merchant_id","vassalage"),
	CONSTRAINT "provider_vendors_wallet_model_ck" CHECK ("provider_vendors"."wallet_model" IN ('seamless', 'transfer'))
);
--> statement-breakpoint
ALTER TABLE "game_launches" ADD CONSTRAINT "game_launches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_launches" ADD CONSTRAINT "game_launches_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transfers" ADD CONSTRAINT "provider_transfers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transfers" ADD CONSTRAINT "provider_transfers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_vendors" ADD CONSTRAINT "provider_vendors_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_launches_launch_token_uq" ON "game_launches" USING btree ("launch_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "game_launches_session_token_uq" ON "game_launches" USING btree ("session_token_hash");--> statement-breakpoint
CREATE INDEX "game_launches_member_idx" ON "game_launches" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_provider_round_uq" ON "game_rounds" USING btree ("provider","round_id");--> statement-breakpoint
CREATE INDEX "game_rounds_member_idx" ON "game_rounds" USING btree ("member_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "game_rounds_merchant_idx" ON "game_rounds" USING btree ("merchant_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transactions_uq" ON "provider_transactions" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE INDEX "provider_transactions_round_idx" ON "provider_transactions" USING btree ("round_pk");--> statement-breakpoint
CREATE INDEX "provider_transfers_pending_idx" ON "provider_transfers" USING btree ("status","updated_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "provider_transfers_member_idx" ON "provider_transfers" USING btree ("member_id","vassalage");