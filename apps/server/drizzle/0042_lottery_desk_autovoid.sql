ALTER TABLE "lottery_chases" DROP CONSTRAINT "lottery_chases_status_ck";--> statement-breakpoint
ALTER TABLE "lottery_games" ADD COLUMN "void_after_seconds" integer DEFAULT 86400;--> statement-breakpoint
ALTER TABLE "lottery_chases" ADD CONSTRAINT "lottery_chases_status_ck" CHECK ("lottery_chases"."status" IN ('running', 'stopped', 'cancelled', 'done'));--> statement-breakpoint
ALTER TABLE "lottery_games" ADD CONSTRAINT "lottery_games_void_after_ck" CHECK ("lottery_games"."void_after_seconds" IS NULL OR "lottery_games"."void_after_seconds" > 0);