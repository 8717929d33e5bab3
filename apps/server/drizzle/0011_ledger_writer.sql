-- Postings: one index (account_id, id) is both the key and an account's history in order.
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_pkey";
--> statement-breakpoint
DROP INDEX "ledger_postings_account_idx";
--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
-- Postings are written only by ledger_post and ledger_rollback, which check that each
-- transaction's legs sum to zero before they write them. They announce themselves for the length
-- of the call with the transaction-local setting ledger.writer (= the merchant id); the posting
-- trigger refuses a posting written without it, on an account of another merchant, or in a second
-- currency. This replaces the per-statement balance check, which cost a third of the throughput.
DROP TRIGGER "ledger_postings_balanced_stmt" ON "ledger_postings";
--> statement-breakpoint
DROP FUNCTION ledger_check_statement();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_posting_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_writer text := current_setting('ledger.writer', true);
  v_currency text := current_setting('ledger.currency', true);
  v_balance bigint;
BEGIN
  IF v_writer IS NULL OR v_writer = '' THEN
    RAISE EXCEPTION 'postings are written by ledger_post and ledger_rollback only' USING ERRCODE = 'LG403';
  END IF;
  UPDATE ledger_accounts SET balance = balance + NEW.amount
   WHERE id = NEW.account_id AND merchant_id = v_writer::integer
     AND (balance + NEW.amount >= 0 OR kind NOT IN ('member', 'agent', 'pending_withdrawal'))
  RETURNING balance, merchant_id, currency INTO v_balance, NEW.merchant_id, NEW.currency;
  IF NOT FOUND THEN
    SELECT balance INTO v_balance FROM ledger_accounts WHERE id = NEW.account_id AND merchant_id = v_writer::integer;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger account % does not exist in merchant %', NEW.account_id, v_writer USING ERRCODE = 'LG404';
    END IF;
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'LG402',
      DETAIL = json_build_object('accountId', NEW.account_id, 'balance', v_balance::text, 'amount', NEW.amount::text)::text;
  END IF;
  IF v_currency IS NULL OR v_currency = '' THEN
    PERFORM set_config('ledger.currency', NEW.currency, true);
  ELSIF v_currency <> NEW.currency THEN
    RAISE EXCEPTION 'a ledger transaction stays in one currency (% and %)', v_currency, NEW.currency USING ERRCODE = 'LG400';
  END IF;
  NEW.balance_after := v_balance;
  -- The id is taken while the account row is locked, so one account's postings are numbered in
  -- the order they were applied and balance_after is the running sum in id order.
  NEW.id := nextval('ledger_postings_id_seq'::regclass);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_post(
  p_merchant_id integer, p_key text, p_kind text, p_fingerprint text, p_reference text,
  p_member_id integer, p_primary_account bigint, p_game_type text, p_game_ref text, p_meta jsonb,
  p_accounts bigint[], p_amounts bigint[],
  OUT o_tx_id bigint, OUT o_replay boolean, OUT o_balance_after bigint, OUT o_created_at timestamptz
) LANGUAGE plpgsql AS $$
DECLARE
  v_existing ledger_transactions%ROWTYPE;
  v_n integer := coalesce(array_length(p_accounts, 1), 0);
  v_sum bigint := 0;
  v_amount bigint;
BEGIN
  IF v_n < 2 OR v_n <> coalesce(array_length(p_amounts, 1), 0) THEN
    RAISE EXCEPTION 'a ledger transaction needs at least two postings' USING ERRCODE = 'LG400';
  END IF;
  FOREACH v_amount IN ARRAY p_amounts LOOP
    IF v_amount IS NULL OR v_amount = 0 THEN
      RAISE EXCEPTION 'postings move non-zero amounts' USING ERRCODE = 'LG400';
    END IF;
    v_sum := v_sum + v_amount;
  END LOOP;
  IF v_sum <> 0 THEN
    RAISE EXCEPTION 'postings must sum to zero' USING ERRCODE = 'LG400';
  END IF;

  INSERT INTO ledger_transactions AS t
    (merchant_id, idempotency_key, kind, fingerprint, reference, member_id, primary_account_id, game_type, game_ref, meta)
  VALUES
    (p_merchant_id, p_key, p_kind, p_fingerprint, p_reference, p_member_id, p_primary_account, p_game_type, p_game_ref,
     coalesce(p_meta, '{}'::jsonb))
  ON CONFLICT DO NOTHING
  RETURNING t.id, t.created_at INTO o_tx_id, o_created_at;

  IF o_tx_id IS NULL THEN
    SELECT * INTO v_existing FROM ledger_transactions t
     WHERE t.merchant_id = p_merchant_id AND t.idempotency_key = p_key;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'idempotency key % could not be claimed', p_key USING ERRCODE = 'LG409';
    END IF;
    IF v_existing.kind = 'tombstone' THEN
      RAISE EXCEPTION 'transaction % was rolled back before it arrived', p_key USING ERRCODE = 'LG410';
    END IF;
    IF v_existing.fingerprint <> p_fingerprint THEN
      RAISE EXCEPTION 'idempotency key % was used for a different request', p_key USING ERRCODE = 'LG409';
    END IF;
    o_tx_id := v_existing.id;
    o_created_at := v_existing.created_at;
    o_replay := true;
    SELECT p.balance_after INTO o_balance_after FROM ledger_postings p
     WHERE p.transaction_id = v_existing.id AND p.account_id = v_existing.primary_account_id
     ORDER BY p.id DESC LIMIT 1;
    RETURN;
  END IF;

  o_replay := false;
  PERFORM set_config('ledger.writer', p_merchant_id::text, true), set_config('ledger.currency', '', true);
  WITH ins AS (
    INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at)
    SELECT o_tx_id, l.a, l.m, o_created_at FROM unnest(p_accounts, p_amounts) AS l(a, m) ORDER BY l.a
    RETURNING account_id, balance_after
  )
  SELECT max(ins.balance_after) FILTER (WHERE ins.account_id = p_primary_account) INTO o_balance_after FROM ins;
  PERFORM set_config('ledger.writer', '', true);
  IF o_balance_after IS NULL AND p_primary_account IS NOT NULL THEN
    SELECT a.balance INTO o_balance_after FROM ledger_accounts a WHERE a.id = p_primary_account;
  END IF;
END $$;
--> statement-breakpoint
-- ledger_rollback: the same, with the writer setting around the reversal.
CREATE OR REPLACE FUNCTION ledger_rollback(
  p_merchant_id integer, p_key text, p_target_key text, p_fingerprint text, p_kinds text[], p_meta jsonb,
  OUT o_tx_id bigint, OUT o_replay boolean, OUT o_outcome text, OUT o_balance_after bigint,
  OUT o_created_at timestamptz, OUT o_member_id integer
) LANGUAGE plpgsql AS $$
DECLARE
  v_target ledger_transactions%ROWTYPE;
  v_existing ledger_transactions%ROWTYPE;
BEGIN
  IF p_key = p_target_key THEN
    RAISE EXCEPTION 'a rollback needs its own key' USING ERRCODE = 'LG400';
  END IF;
  SELECT * INTO v_existing FROM ledger_transactions t WHERE t.merchant_id = p_merchant_id AND t.idempotency_key = p_key;
  IF FOUND THEN
    IF v_existing.kind <> 'rollback' OR v_existing.fingerprint <> p_fingerprint THEN
      RAISE EXCEPTION 'idempotency key % was used for a different request', p_key USING ERRCODE = 'LG409';
    END IF;
  ELSE
    SELECT * INTO v_target FROM ledger_transactions t WHERE t.merchant_id = p_merchant_id AND t.idempotency_key = p_target_key;
    IF NOT FOUND THEN
      -- Waits for a concurrent debit with that key; inserts the tombstone only if there is none.
      INSERT INTO ledger_transactions (merchant_id, idempotency_key, kind, fingerprint, meta)
      VALUES (p_merchant_id, p_target_key, 'tombstone', 'tombstone', jsonb_build_object('rollbackKey', p_key))
      ON CONFLICT DO NOTHING;
      SELECT * INTO v_target FROM ledger_transactions t WHERE t.merchant_id = p_merchant_id AND t.idempotency_key = p_target_key;
    END IF;
    IF v_target.kind <> 'tombstone' AND NOT (v_target.kind = ANY(p_kinds)) THEN
      RAISE EXCEPTION 'transaction % is a %, which cannot be rolled back', p_target_key, v_target.kind USING ERRCODE = 'LG422';
    END IF;
    INSERT INTO ledger_transactions AS t
      (merchant_id, idempotency_key, kind, fingerprint, reference, target_key, member_id, primary_account_id,
       game_type, game_ref, meta)
    VALUES
      (p_merchant_id, p_key, 'rollback', p_fingerprint, v_target.reference, p_target_key, v_target.member_id,
       v_target.primary_account_id, v_target.game_type, v_target.game_ref,
       coalesce(p_meta, '{}'::jsonb) || jsonb_build_object('outcome', CASE WHEN v_target.kind = 'tombstone' THEN 'tombstone' ELSE 'reversed' END))
    ON CONFLICT DO NOTHING
    RETURNING t.id, t.created_at INTO o_tx_id, o_created_at;
    IF o_tx_id IS NOT NULL THEN
      o_replay := false;
      o_member_id := v_target.member_id;
      IF v_target.kind = 'tombstone' THEN
        o_outcome := 'tombstone';
      ELSE
        o_outcome := 'reversed';
        PERFORM set_config('ledger.writer', p_merchant_id::text, true), set_config('ledger.currency', '', true);
        INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at)
        SELECT o_tx_id, p.account_id, -p.amount, o_created_at FROM ledger_postings p
         WHERE p.transaction_id = v_target.id ORDER BY p.account_id;
        PERFORM set_config('ledger.writer', '', true);
        SELECT a.balance INTO o_balance_after FROM ledger_accounts a WHERE a.id = v_target.primary_account_id;
      END IF;
      RETURN;
    END IF;
    -- Lost a race: this key was just used, or another rollback of the same debit came first.
    SELECT * INTO v_existing FROM ledger_transactions t WHERE t.merchant_id = p_merchant_id AND t.idempotency_key = p_key;
    IF FOUND THEN
      IF v_existing.kind <> 'rollback' OR v_existing.fingerprint <> p_fingerprint THEN
        RAISE EXCEPTION 'idempotency key % was used for a different request', p_key USING ERRCODE = 'LG409';
      END IF;
    ELSE
      SELECT * INTO v_existing FROM ledger_transactions t
       WHERE t.merchant_id = p_merchant_id AND t.target_key = p_target_key AND t.kind = 'rollback';
    END IF;
  END IF;
  o_tx_id := v_existing.id;
  o_created_at := v_existing.created_at;
  o_replay := true;
  o_member_id := v_existing.member_id;
  o_outcome := v_existing.meta->>'outcome';
  IF o_outcome = 'reversed' THEN
    SELECT p.balance_after INTO o_balance_after FROM ledger_postings p
     WHERE p.transaction_id = v_existing.id AND p.account_id = v_existing.primary_account_id
     ORDER BY p.id DESC LIMIT 1;
  END IF;
END $$;
