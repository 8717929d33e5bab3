-- The ledger's guards and its two writing functions (docs/decisions: the ledger). The wallet
-- service calls ledger_post / ledger_rollback; everything below makes the invariants of
-- design.md §4 hold in the database whatever the calling code does.
-- Error codes (SQLSTATE) the wallet service maps to API errors:
--   LG400 bad postings   LG402 insufficient funds   LG403 forbidden change   LG404 no such account
--   LG409 key reused with another payload   LG410 debit already rolled back (tombstone)
--   LG422 rollback target is not a debit that can be rolled back

-- Invariant 2: a posting moves its account's balance in the same statement, so a posting can't
-- exist without its balance change. Invariant 3: held money never goes below zero (the CHECK
-- constraint on ledger_accounts backs this up; here it becomes a clear error with the balance).
CREATE FUNCTION ledger_posting_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount
   WHERE id = NEW.account_id
     AND (balance + NEW.amount >= 0 OR kind NOT IN ('member', 'agent', 'pending_withdrawal'))
  RETURNING balance INTO v_balance;
  IF NOT FOUND THEN
    SELECT balance INTO v_balance FROM ledger_accounts WHERE id = NEW.account_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger account % does not exist', NEW.account_id USING ERRCODE = 'LG404';
    END IF;
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'LG402',
      DETAIL = json_build_object('accountId', NEW.account_id, 'balance', v_balance::text, 'amount', NEW.amount::text)::text;
  END IF;
  NEW.balance_after := v_balance;
  -- The id is taken while the account row is locked, so one account's postings are numbered in
  -- the order they were applied and balance_after is the running sum in id order.
  NEW.id := nextval('ledger_postings_id_seq'::regclass);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_apply BEFORE INSERT ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_posting_apply();
--> statement-breakpoint

-- Balances change only through postings (the posting trigger runs at trigger depth 1, so its
-- UPDATE reaches this guard at depth 2); an account's identity never changes, except that a
-- member promoted to agent may move between the two wallet kinds.
CREATE FUNCTION ledger_account_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.balance <> 0 THEN
      RAISE EXCEPTION 'a ledger account opens with a zero balance' USING ERRCODE = 'LG403';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger accounts are never deleted' USING ERRCODE = 'LG403';
  END IF;
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a balance changes only through a posting' USING ERRCODE = 'LG403';
  END IF;
  IF NEW.id <> OLD.id OR NEW.merchant_id <> OLD.merchant_id OR NEW.currency <> OLD.currency
     OR NEW.owner_id IS DISTINCT FROM OLD.owner_id OR NEW.sub <> OLD.sub
     OR (NEW.kind <> OLD.kind AND NOT (NEW.kind IN ('member', 'agent') AND OLD.kind IN ('member', 'agent'))) THEN
    RAISE EXCEPTION 'a ledger account''s identity never changes' USING ERRCODE = 'LG403';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE INSERT OR UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_guard();
--> statement-breakpoint

-- Invariant 7: postings and transactions are append-only; corrections are new transactions.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: corrections are new transactions', TG_TABLE_NAME USING ERRCODE = 'LG403';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint

-- Invariant 1: checked at commit, so a transaction whose postings do not sum to zero never commits.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_sum numeric;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO v_sum FROM ledger_postings WHERE transaction_id = NEW.transaction_id;
  IF v_sum <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % postings sum to %, not zero', NEW.transaction_id, v_sum USING ERRCODE = 'LG400';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint

-- One movement: claims the idempotency key, then writes the postings (which move the balances)
-- in account-id order so concurrent multi-leg movements never deadlock. A replay (same key, same
-- fingerprint) returns the stored original answer; the same key with another fingerprint, or a
-- key whose debit was already rolled back (tombstone), is refused. All legs or none (invariant 6):
-- any failure aborts the whole statement.
CREATE FUNCTION ledger_post(
  p_merchant_id integer, p_key text, p_kind text, p_fingerprint text, p_reference text,
  p_member_id integer, p_primary_account bigint, p_game_type text, p_game_ref text, p_meta jsonb,
  p_accounts bigint[], p_amounts bigint[],
  OUT o_tx_id bigint, OUT o_replay boolean, OUT o_balance_after bigint, OUT o_created_at timestamptz
) LANGUAGE plpgsql AS $$
DECLARE
  v_existing ledger_transactions%ROWTYPE;
  v_n integer := coalesce(array_length(p_accounts, 1), 0);
BEGIN
  IF v_n = 0 OR v_n <> coalesce(array_length(p_amounts, 1), 0) THEN
    RAISE EXCEPTION 'a ledger transaction needs postings' USING ERRCODE = 'LG400';
  END IF;
  IF 0 = ANY(p_amounts) OR (SELECT sum(a) FROM unnest(p_amounts) AS a) <> 0 THEN
    RAISE EXCEPTION 'postings must be non-zero and sum to zero' USING ERRCODE = 'LG400';
  END IF;
  IF (SELECT count(*) <> (SELECT count(DISTINCT x) FROM unnest(p_accounts) AS x)
             OR count(DISTINCT currency) <> 1 OR bool_or(merchant_id <> p_merchant_id)
        FROM ledger_accounts WHERE id = ANY(p_accounts)) THEN
    RAISE EXCEPTION 'accounts must exist, belong to the merchant and share one currency' USING ERRCODE = 'LG400';
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
  INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at)
  SELECT o_tx_id, l.a, l.m, o_created_at FROM unnest(p_accounts, p_amounts) AS l(a, m) ORDER BY l.a;
  IF p_primary_account IS NOT NULL THEN
    SELECT a.balance INTO o_balance_after FROM ledger_accounts a WHERE a.id = p_primary_account;
  END IF;
END $$;
--> statement-breakpoint

-- Rolls back a debit by its key (invariant 5). The debit's postings are reversed once; a second
-- rollback of the same debit (any key) answers the first one's result. A rollback that arrives
-- before its debit writes a tombstone under the debit's key, so the late debit is refused with
-- LG410. The debit's key is the serialisation point: its unique index makes a concurrent debit and
-- rollback wait for each other.
CREATE FUNCTION ledger_rollback(
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
  -- A replay of this rollback.
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
        INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at)
        SELECT o_tx_id, p.account_id, -p.amount, o_created_at FROM ledger_postings p
         WHERE p.transaction_id = v_target.id ORDER BY p.account_id;
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
  -- Answer the stored original.
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
