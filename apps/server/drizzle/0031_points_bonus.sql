ALTER TABLE "points_entries" DROP CONSTRAINT "points_entries_reason_ck";--> statement-breakpoint
ALTER TABLE "points_mall_items" DROP CONSTRAINT "points_mall_items_kind_ck";--> statement-breakpoint
ALTER TABLE "points_entries" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "points_mall_items" ADD COLUMN "wagering_multiple" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_redeems" ADD COLUMN "wagering_required" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_redeems" ADD COLUMN "since_posting_id" bigint;--> statement-breakpoint
ALTER TABLE "points_redeems" ADD COLUMN "wagering_met_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_reason_ck" CHECK ("points_entries"."reason" IN ('earned', 'redeemed', 'returned', 'converted', 'adjusted'));--> statement-breakpoint
ALTER TABLE "points_mall_items" ADD CONSTRAINT "points_mall_items_wagering_ck" CHECK ("points_mall_items"."wagering_multiple" BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE "points_mall_items" ADD CONSTRAINT "points_mall_items_kind_ck" CHECK ("points_mall_items"."kind" IN ('cash', 'goods', 'bonus'));