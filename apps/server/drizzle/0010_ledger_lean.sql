ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_merchant_id_merchants_id_fk";
--> statement-breakpoint
DROP INDEX "ledger_transactions_member_idx";--> statement-breakpoint
DROP INDEX "ledger_transactions_reference_idx";--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "merchant_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "currency" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Postings written before these columns existed take them from their accounts.
ALTER TABLE "ledger_postings" DISABLE TRIGGER "ledger_postings_append_only";
--> statement-breakpoint
UPDATE "ledger_postings" p SET "merchant_id" = a."merchant_id", "currency" = a."currency"
  FROM "ledger_accounts" a WHERE a."id" = p."account_id" AND p."currency" = '';
--> statement-breakpoint
ALTER TABLE "ledger_postings" ENABLE TRIGGER "ledger_postings_append_only";
--> statement-breakpoint
-- The posting trigger also stamps the account's merchant and currency on the posting.
CREATE OR REPLACE FUNCTION ledger_posting_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount
   WHERE id = NEW.account_id
     AND (balance + NEW.amount >= 0 OR kind NOT IN ('member', 'agent', 'pending_withdrawal'))
  RETURNING balance, merchant_id, currency INTO v_balance, NEW.merchant_id, NEW.currency;
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
-- Invariant 1, once per statement instead of once per posting at commit: every INSERT into
-- postings must balance each transaction it touches, name an existing transaction, and stay in
-- that transaction's merchant and in one currency. Postings are append-only, so balanced
-- statements add up to balanced transactions.
DROP TRIGGER "ledger_postings_balanced" ON "ledger_postings";
--> statement-breakpoint
DROP FUNCTION ledger_check_balanced();
--> statement-breakpoint
CREATE FUNCTION ledger_check_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bad bigint;
BEGIN
  SELECT n.transaction_id INTO v_bad
    FROM new_postings n LEFT JOIN ledger_transactions t ON t.id = n.transaction_id
   GROUP BY n.transaction_id, t.id, t.merchant_id
  HAVING sum(n.amount) <> 0 OR count(DISTINCT n.currency) <> 1 OR t.id IS NULL OR bool_or(n.merchant_id <> t.merchant_id)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced, unknown, or mixes currencies or merchants', v_bad
      USING ERRCODE = 'LG400';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_balanced_stmt AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_statement();
--> statement-breakpoint
-- The account guard runs only for statements issued directly (trigger depth 0): the posting
-- trigger's balance UPDATE skips the plpgsql call, everything else is still checked.
DROP TRIGGER "ledger_accounts_guard" ON "ledger_accounts";
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION ledger_account_guard();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard_insert_delete BEFORE INSERT OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_guard();
--> statement-breakpoint
-- ledger_post without the account lookup (the triggers above check merchant and currency) and
-- with the primary account's balance read from the inserted postings.
CREATE OR REPLACE FUNCTION ledger_post(
  p_merchant_id integer, p_key text, p_kind text, p_fingerprint text, p_reference text,
  p_member_id integer, p_primary_account bigint, p_game_type text, p_game_ref text, p_meta jsonb,
  p_accounts bigint[], p_amounts bigint[],
  OUT o_tx_id bigint, OUT o_replay boolean, OUT o_balance_after bigint, OUT o_created_at timestamptz
) LANGUAGE plpgsql AS $$
DECLARE
  v_existing ledger_transactions%ROWTYPE;
  v_n integer := coalesce(array_length(p_accounts, 1), 0);
BEGIN
  IF v_n < 2 OR v_n <> coalesce(array_length(p_amounts, 1), 0) THEN
    RAISE EXCEPTION 'a ledger transaction needs at least two postings' USING ERRCODE = 'LG400';
  END IF;
  IF 0 = ANY(p_amounts) OR (SELECT sum(a) FROM unnest(p_amounts) AS a) <> 0 THEN
    RAISE EXCEPTION 'postings must be non-zero and sum to zero' USING ERRCODE = 'LG400';
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
  WITH ins AS (
    INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at)
    SELECT o_tx_id, l.a, l.m, o_created_at FROM unnest(p_accounts, p_amounts) AS l(a, m) ORDER BY l.a
    RETURNING account_id, balance_after
  )
  SELECT max(ins.balance_after) FILTER (WHERE ins.account_id = p_primary_account) INTO o_balance_after FROM ins;
  IF o_balance_after IS NULL AND p_primary_account IS NOT NULL THEN
    SELECT a.balance INTO o_balance_after FROM ledger_accounts a WHERE a.id = p_primary_account;
  END IF;
END $$;
