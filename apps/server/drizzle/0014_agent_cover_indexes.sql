-- Team figures for 100,000-member trees (issue 7): covering indexes so a team's totals and its size
-- are index-only scans. Drizzle cannot declare INCLUDE columns, hence SQL.
CREATE INDEX IF NOT EXISTS "member_daily_stats_team_cover" ON "member_daily_stats" USING btree ("merchant_id", "tree_path" text_pattern_ops, "day") INCLUDE ("member_id", "upline_id", "rounds", "bet", "valid_bet", "win", "deposit", "withdrawal");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_daily_stats_upline_cover" ON "member_daily_stats" USING btree ("upline_id", "day") INCLUDE ("member_id", "rounds", "bet", "valid_bet", "win", "deposit", "withdrawal");
--> statement-breakpoint
-- On members (the accounts feature's table): "my whole team" counts without visiting the rows.
CREATE INDEX IF NOT EXISTS "members_team_cover_idx" ON "members" USING btree ("tree_path" text_pattern_ops) INCLUDE ("id", "upline_id", "created_at");
