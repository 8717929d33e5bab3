CREATE TABLE "points_accounts" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"earned_units" numeric(30, 8) DEFAULT '0' NOT NULL,
	"last_earn_key" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_accounts_balance_ck" CHECK ("points_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_earn_rules" (
	"merchant_id" integer NOT NULL,
	"game_type" text NOT NULL,
	"turnover_per_point" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_earn_rules_merchant_id_game_type_pk" PRIMARY KEY("merchant_id","game_type"),
	CONSTRAINT "points_earn_rules_ratio_ck" CHECK ("points_earn_rules"."turnover_per_point" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"change" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reason" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entries_change_ck" CHECK ("points_entries"."change" <> 0),
	CONSTRAINT "points_entries_reason_ck" CHECK ("points_entries"."reason" IN ('earned', 'redeemed', 'returned', 'converted'))
);
--> statement-breakpoint
CREATE TABLE "points_exchange_rates" (
	"merchant_id" integer NOT NULL,
	"min_points" integer NOT NULL,
	"amount_per_100" bigint NOT NULL,
	CONSTRAINT "points_exchange_rates_merchant_id_min_points_pk" PRIMARY KEY("merchant_id","min_points"),
	CONSTRAINT "points_exchange_rates_ck" CHECK ("points_exchange_rates"."min_points" > 0 AND "points_exchange_rates"."amount_per_100" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_mall_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"stock" integer NOT NULL,
	"points_cost" integer NOT NULL,
	"cash_amount" bigint DEFAULT 0 NOT NULL,
	"amount_requirement" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_mall_items_stock_ck" CHECK ("points_mall_items"."stock" >= 0),
	CONSTRAINT "points_mall_items_cost_ck" CHECK ("points_mall_items"."points_cost" > 0),
	CONSTRAINT "points_mall_items_kind_ck" CHECK ("points_mall_items"."kind" IN ('cash', 'goods'))
);
--> statement-breakpoint
CREATE TABLE "points_redeems" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"points" bigint NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "points_redeems_status_ck" CHECK ("points_redeems"."status" IN ('in_process', 'approved', 'rejected')),
	CONSTRAINT "points_redeems_quantity_ck" CHECK ("points_redeems"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_earn_rules" ADD CONSTRAINT "points_earn_rules_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchange_rates" ADD CONSTRAINT "points_exchange_rates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_mall_items" ADD CONSTRAINT "points_mall_items_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redeems" ADD CONSTRAINT "points_redeems_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redeems" ADD CONSTRAINT "points_redeems_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redeems" ADD CONSTRAINT "points_redeems_item_id_points_mall_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."points_mall_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redeems" ADD CONSTRAINT "points_redeems_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_key_uq" ON "points_entries" USING btree ("member_id","key");--> statement-breakpoint
CREATE INDEX "points_entries_member_idx" ON "points_entries" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "points_mall_items_merchant_idx" ON "points_mall_items" USING btree ("merchant_id","sort","id");--> statement-breakpoint
CREATE INDEX "points_redeems_member_idx" ON "points_redeems" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "points_redeems_desk_idx" ON "points_redeems" USING btree ("merchant_id","status","id");