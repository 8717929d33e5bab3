CREATE TABLE "agent_announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"start_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_at" timestamp with time zone,
	"created_by_operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_contract_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"actor_member_id" integer,
	"actor_operator_id" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period_type" text,
	"upline_id" integer,
	"downline_id" integer NOT NULL,
	"payer" text NOT NULL,
	"terms" jsonb NOT NULL,
	"status" text NOT NULL,
	"termination_requested_by" text,
	"offered_by_operator_id" integer,
	"replaces_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_from" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_contracts_kind_ck" CHECK ("agent_contracts"."kind" IN ('dividend','daily','hourly','realtime')),
	CONSTRAINT "agent_contracts_payer_ck" CHECK ("agent_contracts"."payer" IN ('house','upline') AND ("agent_contracts"."payer" = 'house') = ("agent_contracts"."upline_id" IS NULL)),
	CONSTRAINT "agent_contracts_status_ck" CHECK ("agent_contracts"."status" IN ('offered','active','terminating','rejected','withdrawn','terminated'))
);
--> statement-breakpoint
CREATE TABLE "agent_red_envelope_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"envelope_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"share_index" integer NOT NULL,
	"amount" bigint NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_red_envelopes" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"share_count" integer NOT NULL,
	"split" text NOT NULL,
	"shares" jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"recipients" integer[],
	"claimed_count" integer DEFAULT 0 NOT NULL,
	"claimed_amount" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "agent_red_envelopes_amount_ck" CHECK ("agent_red_envelopes"."total_amount" > 0 AND "agent_red_envelopes"."share_count" > 0 AND "agent_red_envelopes"."claimed_count" <= "agent_red_envelopes"."share_count")
);
--> statement-breakpoint
CREATE TABLE "agent_settlement_cursors" (
	"merchant_id" integer NOT NULL,
	"job" text NOT NULL,
	"settled_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_settlement_cursors_merchant_id_job_pk" PRIMARY KEY("merchant_id","job")
);
--> statement-breakpoint
CREATE TABLE "agent_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"job" text NOT NULL,
	"kind" text NOT NULL,
	"period_key" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"beneficiary_id" integer NOT NULL,
	"payer_id" integer,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"working" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"ledger_transaction_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "agent_settlements_amount_ck" CHECK ("agent_settlements"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_daily_stats" (
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"tree_path" text NOT NULL,
	"upline_id" integer,
	"rounds" integer DEFAULT 0 NOT NULL,
	"bet" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"withdrawal" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_daily_stats_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
ALTER TABLE "agent_announcements" ADD CONSTRAINT "agent_announcements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_announcements" ADD CONSTRAINT "agent_announcements_created_by_operator_id_operators_id_fk" FOREIGN KEY ("created_by_operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_events" ADD CONSTRAINT "agent_contract_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_events" ADD CONSTRAINT "agent_contract_events_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_upline_id_members_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_downline_id_members_id_fk" FOREIGN KEY ("downline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_offered_by_operator_id_operators_id_fk" FOREIGN KEY ("offered_by_operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_red_envelope_claims" ADD CONSTRAINT "agent_red_envelope_claims_envelope_id_agent_red_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."agent_red_envelopes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_red_envelope_claims" ADD CONSTRAINT "agent_red_envelope_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_red_envelopes" ADD CONSTRAINT "agent_red_envelopes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_red_envelopes" ADD CONSTRAINT "agent_red_envelopes_sender_id_members_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement_cursors" ADD CONSTRAINT "agent_settlement_cursors_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlements" ADD CONSTRAINT "agent_settlements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlements" ADD CONSTRAINT "agent_settlements_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlements" ADD CONSTRAINT "agent_settlements_beneficiary_id_members_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlements" ADD CONSTRAINT "agent_settlements_payer_id_members_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_daily_stats" ADD CONSTRAINT "member_daily_stats_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_daily_stats" ADD CONSTRAINT "member_daily_stats_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_announcements_merchant_idx" ON "agent_announcements" USING btree ("merchant_id","start_at");--> statement-breakpoint
CREATE INDEX "agent_contract_events_contract_idx" ON "agent_contract_events" USING btree ("contract_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_in_force_uq" ON "agent_contracts" USING btree ("downline_id","kind") WHERE status IN ('active','terminating');--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_offer_uq" ON "agent_contracts" USING btree ("downline_id","kind") WHERE status = 'offered';--> statement-breakpoint
CREATE INDEX "agent_contracts_upline_idx" ON "agent_contracts" USING btree ("upline_id","status");--> statement-breakpoint
CREATE INDEX "agent_contracts_downline_idx" ON "agent_contracts" USING btree ("downline_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_contracts_settle_idx" ON "agent_contracts" USING btree ("merchant_id","kind","active_from");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_red_envelope_claims_member_uq" ON "agent_red_envelope_claims" USING btree ("envelope_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_red_envelope_claims_share_uq" ON "agent_red_envelope_claims" USING btree ("envelope_id","share_index");--> statement-breakpoint
CREATE INDEX "agent_red_envelope_claims_member_idx" ON "agent_red_envelope_claims" USING btree ("member_id","claimed_at");--> statement-breakpoint
CREATE INDEX "agent_red_envelopes_sender_idx" ON "agent_red_envelopes" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_red_envelopes_expiry_idx" ON "agent_red_envelopes" USING btree ("merchant_id","expires_at") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_settlements_once_uq" ON "agent_settlements" USING btree ("merchant_id","job","period_key","beneficiary_id");--> statement-breakpoint
CREATE INDEX "agent_settlements_beneficiary_idx" ON "agent_settlements" USING btree ("beneficiary_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "agent_settlements_payer_idx" ON "agent_settlements" USING btree ("payer_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "agent_settlements_open_idx" ON "agent_settlements" USING btree ("merchant_id","status") WHERE status IN ('pending','awaiting_funds');--> statement-breakpoint
CREATE INDEX "member_daily_stats_team_idx" ON "member_daily_stats" USING btree ("merchant_id","tree_path" text_pattern_ops,"day");--> statement-breakpoint
CREATE INDEX "member_daily_stats_day_idx" ON "member_daily_stats" USING btree ("merchant_id","day","tree_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "member_daily_stats_upline_idx" ON "member_daily_stats" USING btree ("upline_id","day");