-- The seamless wallet's own SQL helper (decision 053), applied like ledger.sql (src/db/functions.ts).
--
-- provider_refuse(code) raises SQLSTATE PV409 with the protocol's error code as its message. The
-- callbacks' statements call it when a record that must go with the money could not be written,
-- so the money's movement in the same statement is undone with it:
--   ROUND_CONFLICT  a first bet on a round id another player's bet claimed at the same moment;
--   ROUND_CLOSED    a win on a round that a concurrent rollback refunded, or a rollback of a bet
--                   whose round has ended.
-- The seamless wallet (features/provider/seamless/service.ts) turns PV409 into that refusal.
CREATE OR REPLACE FUNCTION provider_refuse(p_code text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'PV409', MESSAGE = p_code;
END $$;
