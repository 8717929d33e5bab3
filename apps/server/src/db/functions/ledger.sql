-- The ledger's functions and triggers (decision 047): the one place that defines them.
--
-- How this file is applied. `database.migrate()` (src/db/client.ts) runs drizzle's migrations and
-- then this file (src/db/functions.ts): in one transaction, under an advisory lock, and only when
-- its hash differs from the one applied last. Every statement is CREATE OR REPLACE, so applying it
-- again changes nothing. Statements are separated by statement-breakpoint lines, as in migrations.
--
-- How to change it. A change to a ledger function or trigger is an edit of this file, never a new
-- migration. Tables, columns, CHECK constraints and indexes stay in src/db/schema/ledger.ts and its
-- generated migrations; a change that needs both commits both (the migrations run first). Migrations
-- 0003, 0010, 0011 and 0018 are this file's history: they still run on a new database and this file
-- then replaces what they left. `src/db/functions.int.test.ts` fails when the database and this file
-- differ.
--
-- What the ledger promises (design.md §4), and what keeps each promise:
--
-- 1. Every transaction's postings sum to zero.
--    ledger_post checks the legs before it writes them; ledger_rollback writes the exact negation of
--    a debit; ledger_post_moves writes two legs of opposite sign per move. Nothing else may write a
--    posting: ledger_posting_apply (trigger ledger_postings_apply) refuses one written without the
--    transaction-local setting `ledger.writer`, which only ledger_post and ledger_rollback set, on
--    an account of another merchant, or in a second currency. ledger_post_moves sets
--    `ledger.applied` instead, for its one statement, and checks merchants and currencies itself.
-- 2. Every stored balance equals the sum of its postings.
--    ledger_posting_apply moves the account's balance in the statement that inserts the posting and
--    stamps balance_after; ledger_post_moves applies each account's net change in the statement that
--    writes its postings. ledger_account_guard (trigger ledger_accounts_guard) refuses any other
--    balance change, and an account opens at zero (trigger ledger_accounts_guard_insert_delete).
--    Posting ids are taken while the account row is locked, so balance_after is the running sum.
-- 3. Member, agent and pending-withdrawal balances never go below zero.
--    CHECK ledger_accounts_non_negative_ck (schema); ledger_posting_apply reports it as LG402 with
--    the balance.
-- 4. An idempotency key is applied at most once per merchant: a replay answers the original, the
--    same key with another request is refused.
--    Unique index ledger_transactions_key_uq (schema); ledger_post claims the key first and compares
--    fingerprints (LG409); ledger_post_moves leaves out a move whose key is taken.
-- 5. A rollback matches an existing debit and applies once; one that arrives first leaves a
--    tombstone, and the late debit is refused.
--    ledger_rollback; unique index ledger_transactions_rollback_uq (schema); ledger_post refuses a
--    tombstoned key (LG410), and ledger_post_moves leaves it out.
-- 6. A movement of several legs commits all of them or none.
--    Each function runs as one statement: any error aborts all of it.
-- 7. Postings and transactions are append-only: corrections are new transactions.
--    ledger_append_only on UPDATE, DELETE and TRUNCATE of both tables; ledger_account_guard refuses
--    deleting an account or changing what it is.
-- 8. A refused operation changes nothing.
--    Every refusal raises, which undoes its statement (and the caller's transaction).
--
-- `npm run ledger:check` (features/wallet/ledger-check.ts) proves 1 to 7 again on a live database.
--
-- Error codes (SQLSTATE), which the wallet turns into API errors (features/wallet/guards.ts):
--   LG400 bad postings   LG402 insufficient funds   LG403 forbidden change   LG404 no such account
--   LG409 key reused with another request   LG410 debit already rolled back (tombstone)
--   LG422 rollback target is not a debit that can be rolled back

-- Invariants 1 to 3: the posting trigger. It moves the account's balance with the posting, refuses
-- a posting no ledger function is writing, and keeps a transaction in one merchant and currency.
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

-- Invariants 2 and 7: balances change only through postings. The guard's UPDATE trigger fires only
-- for statements issued directly (its WHEN clause), so the posting trigger's own balance UPDATE
-- passes. An account opens at zero; its identity never changes, except that a member promoted to
-- agent moves between the two wallet kinds; accounts are never deleted.
CREATE OR REPLACE FUNCTION ledger_account_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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

-- Invariant 7: postings and transactions are append-only.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: corrections are new transactions', TG_TABLE_NAME USING ERRCODE = 'LG403';
END $$;
--> statement-breakpoint

-- One movement: claims the idempotency key, then writes the postings (which move the balances) in
-- account-id order, so concurrent multi-leg movements never deadlock. A replay (same key, same
-- fingerprint) answers the stored original; the same key with another fingerprint, or a key whose
-- debit was already rolled back (tombstone), is refused. All legs or none.
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

-- Rolls back a debit by its key (invariant 5). The debit's postings are reversed once; a second
-- rollback of the same debit (under any key) answers the first one's result. A rollback that arrives
-- before its debit writes a tombstone under the debit's key, so the late debit is refused with LG410.
-- The debit's key is the serialisation point: its unique index makes a concurrent debit and rollback
-- wait for each other.
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
--> statement-breakpoint

-- Bets and wins in batches (decision 043): many two-leg game movements (a member account and a
-- house sub-account) in a handful of set-based statements. It applies the balances itself, so the
-- posting trigger and the account guard step aside while it writes (`ledger.applied` = 'on' for that
-- statement only).
-- p_moves: a JSON array of {merchant_id, key, kind ('bet' or 'win'), fingerprint, reference,
-- member_id, member_account, house_account, amount (the member's side: negative for a bet),
-- game_type, game_ref, meta}. Each key appears at most once, and so does each member account, except
-- in a batch of wins only (decision 119: a lottery settlement pays a member's several winning bets of
-- a chunk together): each win is its own transaction with its own postings, the account's net change
-- is applied once, as for the house account every move shares, and each posting carries the running
-- balance in posting order. A bet's guard reads the balance before the batch, so two debits of one
-- account in a batch could overdraw it: a batch with a bet keeps the rule whole. A move whose
-- key is already taken is left out (no row back): the caller then takes the one-at-a-time path,
-- which answers a replay or names the conflict. Anything else wrong (an unknown account, another
-- merchant or currency, a balance that would go below zero) raises, and nothing of the batch is
-- written.
CREATE OR REPLACE FUNCTION ledger_post_moves(p_moves jsonb)
RETURNS TABLE (o_merchant_id integer, o_key text, o_tx_id bigint, o_balance_after bigint, o_created_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_claimed jsonb;
  v_posted jsonb;
  v_bad text;
  v_accounts bigint[];
  v_deltas bigint[];
BEGIN
  IF p_moves IS NULL OR jsonb_array_length(p_moves) = 0 THEN
    RETURN;
  END IF;
  SELECT CASE
           WHEN bool_or(m.amount IS NULL OR m.amount = 0 OR abs(m.amount) > 1000000000000000) THEN 'each move needs a non-zero amount within limits'
           WHEN bool_or(m.kind IS NULL OR m.kind NOT IN ('bet', 'win') OR (m.kind = 'bet') <> (m.amount < 0)) THEN 'a move is a bet (member pays) or a win (member paid)'
           WHEN bool_or(m.member_account IS NULL OR m.house_account IS NULL OR m.member_account = m.house_account) THEN 'each move needs two different accounts'
           WHEN count(*) FILTER (WHERE m.kind = 'bet') > 0
                AND count(*) <> count(DISTINCT m.member_account) THEN 'a member account moves at most once per batch, unless every move is a win'
           WHEN count(*) <> count(DISTINCT (m.merchant_id, m.key)) THEN 'a key appears at most once per batch'
         END
    INTO v_bad
    FROM jsonb_to_recordset(p_moves) AS m(merchant_id integer, key text, kind text, member_account bigint, house_account bigint, amount bigint);
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION '%', v_bad USING ERRCODE = 'LG400';
  END IF;

  -- 1. Claim the keys, in key order (two batches sharing keys never wait on each other in a circle).
  WITH m AS (
    SELECT * FROM jsonb_to_recordset(p_moves) AS m(merchant_id integer, key text, kind text, fingerprint text, reference text,
      member_id integer, member_account bigint, house_account bigint, amount bigint, game_type text, game_ref text, meta jsonb)
  ),
  c AS (
    INSERT INTO ledger_transactions AS t
      (merchant_id, idempotency_key, kind, fingerprint, reference, member_id, primary_account_id, game_type, game_ref, meta)
    SELECT m.merchant_id, m.key, m.kind, m.fingerprint, m.reference, m.member_id, m.member_account, m.game_type, m.game_ref,
           coalesce(m.meta, '{}'::jsonb)
      FROM m ORDER BY m.merchant_id, m.key
    ON CONFLICT DO NOTHING
    RETURNING t.id, t.merchant_id, t.idempotency_key, t.created_at
  )
  SELECT jsonb_agg(jsonb_build_object('tx', c.id, 'at', c.created_at, 'merchant', c.merchant_id, 'key', c.idempotency_key,
                                      'member', m.member_account, 'house', m.house_account, 'amount', m.amount))
    INTO v_claimed
    FROM c JOIN m ON m.merchant_id = c.merchant_id AND m.key = c.idempotency_key;
  IF v_claimed IS NULL THEN
    RETURN;
  END IF;

  -- 2. Lock every account the claimed moves touch, in id order, as ledger_post does. (Arrays and
  --    = ANY keep these lookups on the primary key whatever size the planner guesses for the batch.)
  SELECT array_agg(n.account ORDER BY n.account), array_agg(n.delta ORDER BY n.account)
    INTO v_accounts, v_deltas
    FROM (SELECT l.account, sum(l.amount) AS delta
            FROM jsonb_array_elements(v_claimed) x,
                 LATERAL (VALUES ((x->>'member')::bigint, (x->>'amount')::bigint), ((x->>'house')::bigint, -(x->>'amount')::bigint)) AS l(account, amount)
           GROUP BY l.account) n;
  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (v_accounts) ORDER BY a.id FOR UPDATE;

  -- 3. Apply each account's net change once (one update per account however many moves it has), then write the postings numbered while the accounts are
  --    locked, each with the running balance of its account in id order.
  PERFORM set_config('ledger.applied', 'on', true);
  WITH legs AS (
    SELECT (x->>'tx')::bigint AS tx, (x->>'at')::timestamptz AS at, (x->>'merchant')::integer AS merchant, x->>'key' AS key,
           l.account, l.amount, l.is_member
      FROM jsonb_array_elements(v_claimed) x,
           LATERAL (VALUES ((x->>'member')::bigint, (x->>'amount')::bigint, true),
                           ((x->>'house')::bigint, -(x->>'amount')::bigint, false)) AS l(account, amount, is_member)
  ),
  u AS (
    UPDATE ledger_accounts a SET balance = a.balance + v_deltas[array_position(v_accounts, a.id)]
     WHERE a.id = ANY (v_accounts)
    RETURNING a.id, a.balance, a.merchant_id, a.currency
  ),
  numbered AS (
    SELECT nextval('ledger_postings_id_seq'::regclass) AS id, o.*
      FROM (SELECT * FROM legs ORDER BY legs.account, legs.tx OFFSET 0) o
  ),
  ins AS (
    INSERT INTO ledger_postings (id, transaction_id, account_id, amount, balance_after, merchant_id, currency, created_at)
    SELECT n.id, n.tx, n.account, n.amount,
           u.balance - coalesce(sum(n.amount) OVER (PARTITION BY n.account ORDER BY n.id ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0),
           u.merchant_id, u.currency, n.at
      FROM numbered n JOIN u ON u.id = n.account
    RETURNING transaction_id, account_id, balance_after, merchant_id, currency
  )
  SELECT jsonb_agg(jsonb_build_object('tx', ins.transaction_id, 'merchant', ins.merchant_id, 'currency', ins.currency,
                                      'balance', ins.balance_after, 'key', legs.key, 'at', legs.at, 'member', legs.is_member,
                                      'want', legs.merchant))
    INTO v_posted
    FROM ins JOIN legs ON legs.tx = ins.transaction_id AND legs.account = ins.account_id;
  PERFORM set_config('ledger.applied', '', true);

  -- Every claimed move has its two postings, on accounts of its merchant, in one currency.
  IF coalesce(jsonb_array_length(v_posted), 0) <> 2 * jsonb_array_length(v_claimed) THEN
    RAISE EXCEPTION 'a move names a ledger account that does not exist' USING ERRCODE = 'LG404';
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(v_posted) p GROUP BY p->>'tx'
              HAVING bool_or(p->>'merchant' <> p->>'want') OR count(DISTINCT p->>'currency') <> 1) THEN
    RAISE EXCEPTION 'a move crosses merchants or currencies' USING ERRCODE = 'LG400';
  END IF;

  RETURN QUERY
    SELECT (p->>'merchant')::integer, p->>'key', (p->>'tx')::bigint, (p->>'balance')::bigint, (p->>'at')::timestamptz
      FROM jsonb_array_elements(v_posted) p
     WHERE (p->>'member')::boolean;
END $$;
--> statement-breakpoint

-- The triggers that put the functions above on the tables. ledger.applied = 'on' (set only by
-- ledger_post_moves, for its own statement) lets its postings and balance updates through; every
-- other writer meets the posting trigger and the account guard. The account guard runs only for
-- statements issued directly (trigger depth 0): the posting trigger's own balance UPDATE skips it.
CREATE OR REPLACE TRIGGER ledger_postings_apply BEFORE INSERT ON ledger_postings
  FOR EACH ROW WHEN (current_setting('ledger.applied', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION ledger_posting_apply();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW WHEN (pg_trigger_depth() = 0 AND current_setting('ledger.applied', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION ledger_account_guard();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_accounts_guard_insert_delete BEFORE INSERT OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_guard();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
