CREATE TABLE "promotion_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"promotion_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"deposit_id" bigint,
	"wagering_required" bigint DEFAULT 0 NOT NULL,
	"game_types" jsonb NOT NULL,
	"since_posting_id" bigint,
	"done_as" text,
	"paid_at" timestamp with time zone,
	"wagering_met_at" timestamp with time zone,
	"returned" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"promotion_id" bigint NOT NULL,
	"entry_id" bigint,
	"member_id" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"type" text NOT NULL,
	"texts" jsonb NOT NULL,
	"artwork" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"audience" text NOT NULL,
	"trigger" text NOT NULL,
	"min_deposit" bigint NOT NULL,
	"formula" text NOT NULL,
	"amount" bigint NOT NULL,
	"percent_bp" integer NOT NULL,
	"cap" bigint NOT NULL,
	"wagering_multiple" integer NOT NULL,
	"game_types" jsonb NOT NULL,
	"claim_mode" text NOT NULL,
	"limit_kind" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_entries_limit_uq" ON "promotion_entries" USING btree ("promotion_id","member_id","period");--> statement-breakpoint
CREATE INDEX "promotion_entries_member_idx" ON "promotion_entries" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "promotion_entries_wagering_idx" ON "promotion_entries" USING btree ("member_id") WHERE status = 'process';--> statement-breakpoint
CREATE INDEX "promotion_events_entry_idx" ON "promotion_events" USING btree ("entry_id","id");--> statement-breakpoint
CREATE INDEX "promotion_events_promo_idx" ON "promotion_events" USING btree ("promotion_id","id");--> statement-breakpoint
CREATE INDEX "promotions_merchant_idx" ON "promotions" USING btree ("merchant_id","starts_at");