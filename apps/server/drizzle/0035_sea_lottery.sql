ALTER TABLE "lottery_games" ADD COLUMN "draw_weekdays" integer[];--> statement-breakpoint
ALTER TABLE "lottery_games" ADD COLUMN "draw_month_days" integer[];