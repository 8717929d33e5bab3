-- Bets and wins in batches (decision 043): ledger_post_moves posts many two-leg game movements
-- (a member account and a house sub-account) in a handful of set-based statements instead of a
-- ledger_post call, two posting triggers and their updates per movement. It applies the balances
-- itself, so the posting trigger and the account guard step aside while it writes (ledger.applied =
-- 'on' for that statement only); every other posting still goes through ledger_posting_apply.
DROP TRIGGER "ledger_postings_apply" ON "ledger_postings";
--> statement-breakpoint
CREATE TRIGGER ledger_postings_apply BEFORE INSERT ON ledger_postings
  FOR EACH ROW WHEN (current_setting('ledger.applied', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION ledger_posting_apply();
--> statement-breakpoint
-- The same for the account guard: balances change there only with the postings written beside them.
DROP TRIGGER "ledger_accounts_guard" ON "ledger_accounts";
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW WHEN (pg_trigger_depth() = 0 AND current_setting('ledger.applied', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION ledger_account_guard();
--> statement-breakpoint
-- p_moves: a JSON array of {merchant_id, key, kind ('bet' or 'win'), fingerprint, reference, member_id,
-- member_account, house_account, amount (the member's side: negative for a bet), game_type, game_ref, meta}.
-- Each member account appears at most once. A move whose key is already taken is left out (no row
-- back): the caller then takes the one-at-a-time path, which answers a replay or names the conflict.
-- Anything else wrong (an unknown account, another merchant or currency, a balance that would go
-- below zero) raises, and nothing of the batch is written.
CREATE FUNCTION ledger_post_moves(p_moves jsonb)
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
           WHEN count(*) <> count(DISTINCT m.member_account) THEN 'a member account moves at most once per batch'
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
