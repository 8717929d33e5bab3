DROP INDEX "member_daily_stats_team_idx";--> statement-breakpoint
DROP INDEX "member_daily_stats_upline_idx";