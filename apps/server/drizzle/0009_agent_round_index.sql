-- Agent settlement and the daily roll-up read closed rounds by when they ended (issue 7): without
-- this index every settlement period and roll-up would scan all of game_rounds.
CREATE INDEX IF NOT EXISTS "game_rounds_closed_ended_idx" ON "game_rounds" USING btree ("merchant_id", "ended_at") WHERE status = 'closed';
