/** Append-only list of schema steps; each runs once, in order, in its own transaction. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE hg_players (
    id bigserial PRIMARY KEY,
    platform_player_id text NOT NULL UNIQUE,
    nickname text NOT NULL DEFAULT '',
    currency text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE hg_sessions (
    id bigserial PRIMARY KEY,
    token_hash text NOT NULL UNIQUE,
    player_id bigint REFERENCES hg_players(id),
    platform_session text,
    game_code text NOT NULL,
    vassalage text NOT NULL,
    currency text NOT NULL,
    currency_exponent integer NOT NULL,
    language text NOT NULL,
    demo boolean NOT NULL,
    demo_balance bigint,
    lobby_url text,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    CHECK (demo = (player_id IS NULL)),
    CHECK (demo_balance IS NULL OR demo_balance >= 0)
  );
  CREATE TABLE hg_seed_pairs (
    id bigserial PRIMARY KEY,
    owner text NOT NULL,
    server_seed text NOT NULL,
    server_seed_hash text NOT NULL,
    client_seed text NOT NULL,
    next_nonce integer NOT NULL DEFAULT 0,
    active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    revealed_at timestamptz
  );
  CREATE UNIQUE INDEX hg_seed_pairs_active_uq ON hg_seed_pairs (owner) WHERE active;
  CREATE TABLE hg_crash_rounds (
    id bigserial PRIMARY KEY,
    server_seed text NOT NULL,
    server_seed_hash text NOT NULL,
    salt text NOT NULL,
    client_seed text,
    crash_point integer,
    phase text NOT NULL,
    betting_ends_at timestamptz NOT NULL,
    started_at timestamptz,
    crashed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE hg_bets (
    id bigserial PRIMARY KEY,
    owner text NOT NULL,
    session_id bigint NOT NULL REFERENCES hg_sessions(id),
    game text NOT NULL,
    game_code text NOT NULL,
    round_id text NOT NULL UNIQUE,
    amount bigint NOT NULL CHECK (amount > 0),
    win bigint,
    currency text NOT NULL,
    demo boolean NOT NULL,
    status text NOT NULL,
    outcome jsonb,
    seed_pair_id bigint REFERENCES hg_seed_pairs(id),
    nonce integer,
    crash_round_id bigint REFERENCES hg_crash_rounds(id),
    client_seed text,
    auto_cashout integer,
    cashout integer,
    balance_after bigint,
    created_at timestamptz NOT NULL DEFAULT now(),
    settled_at timestamptz
  );
  CREATE INDEX hg_bets_owner_idx ON hg_bets (owner, id DESC);
  CREATE INDEX hg_bets_crash_idx ON hg_bets (crash_round_id) WHERE crash_round_id IS NOT NULL;
  CREATE TABLE hg_outbox (
    id bigserial PRIMARY KEY,
    bet_id bigint NOT NULL REFERENCES hg_bets(id),
    kind text NOT NULL,
    payload jsonb NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    next_at timestamptz NOT NULL DEFAULT now(),
    last_error text,
    done_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX hg_outbox_due_idx ON hg_outbox (next_at) WHERE done_at IS NULL;
  CREATE TABLE hg_install (id text PRIMARY KEY);
  INSERT INTO hg_install (id) VALUES (upper(substr(md5(random()::text || clock_timestamp()::text), 1, 6)))
  `,
  // Cockfight (decision 092): the feed's fights as the book priced them, and each bet's side and odds.
  `
  CREATE TABLE hg_cockfight_fights (
    id bigserial PRIMARY KEY,
    feed text NOT NULL,
    feed_ref text NOT NULL UNIQUE,
    derby text NOT NULL,
    fight_no integer NOT NULL,
    meron text NOT NULL,
    wala text NOT NULL,
    p_meron integer NOT NULL,
    p_wala integer NOT NULL,
    p_draw integer NOT NULL,
    margin_bp integer NOT NULL,
    odds_meron integer NOT NULL,
    odds_wala integer NOT NULL,
    odds_draw integer NOT NULL,
    commitment text,
    server_seed text,
    phase text NOT NULL CHECK (phase IN ('betting', 'fighting', 'result', 'void')),
    result text CHECK (result IN ('MERON', 'WALA', 'DRAW', 'CANCELLED')),
    betting_ends_at timestamptz NOT NULL,
    opened_at timestamptz NOT NULL DEFAULT now(),
    closed_at timestamptz,
    ended_at timestamptz,
    settled_at timestamptz,
    CHECK (p_meron + p_wala + p_draw = 10000)
  );
  ALTER TABLE hg_bets ADD COLUMN fight_id bigint REFERENCES hg_cockfight_fights(id);
  ALTER TABLE hg_bets ADD COLUMN pick text CHECK (pick IN ('MERON', 'WALA', 'DRAW'));
  ALTER TABLE hg_bets ADD COLUMN odds integer;
  CREATE INDEX hg_bets_fight_idx ON hg_bets (fight_id, status) WHERE fight_id IS NOT NULL;
  `,
  // Live tables (decision 094): shared timed rounds; a live bet row names its round.
  `
  CREATE TABLE hg_live_rounds (
    id bigserial PRIMARY KEY,
    table_id text NOT NULL,
    kind text NOT NULL,
    server_seed text NOT NULL,
    server_seed_hash text NOT NULL,
    salt text NOT NULL,
    client_seed text,
    result jsonb,
    phase text NOT NULL,
    betting_ends_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    settled_at timestamptz
  );
  CREATE INDEX hg_live_rounds_table_idx ON hg_live_rounds (table_id, id DESC);
  ALTER TABLE hg_bets ADD COLUMN live_round_id bigint REFERENCES hg_live_rounds(id);
  CREATE INDEX hg_bets_live_idx ON hg_bets (live_round_id) WHERE live_round_id IS NOT NULL;
  `,
  // The sportsbook (decision 099): events from a feed, a bet's legs, and every money posting of a
  // settlement (the first, then one difference per corrected result), each once per (bet, key).
  `
  CREATE TABLE hg_sport_events (
    id bigserial PRIMARY KEY,
    feed text NOT NULL,
    feed_ref text NOT NULL UNIQUE,
    sport text NOT NULL,
    league text NOT NULL,
    league_name text NOT NULL,
    home text NOT NULL,
    away text NOT NULL,
    starts_at timestamptz NOT NULL,
    status text NOT NULL CHECK (status IN ('open', 'started', 'resulted')),
    suspended boolean NOT NULL DEFAULT false,
    margin_bp integer NOT NULL,
    fair jsonb NOT NULL,
    odds jsonb NOT NULL,
    score_home integer,
    score_away integer,
    abandoned boolean NOT NULL DEFAULT false,
    result_version integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    started_at timestamptz,
    resulted_at timestamptz
  );
  CREATE INDEX hg_sport_events_open_idx ON hg_sport_events (starts_at) WHERE status = 'open';
  ALTER TABLE hg_bets ADD COLUMN client_ref text;
  CREATE UNIQUE INDEX hg_bets_client_ref_uq ON hg_bets (owner, client_ref) WHERE client_ref IS NOT NULL;
  CREATE TABLE hg_sport_legs (
    id bigserial PRIMARY KEY,
    bet_id bigint NOT NULL REFERENCES hg_bets(id),
    event_id bigint NOT NULL REFERENCES hg_sport_events(id),
    selection text NOT NULL,
    odds integer NOT NULL CHECK (odds >= 101),
    result text CHECK (result IN ('WIN', 'LOSE', 'PUSH', 'HALF_WIN', 'HALF_LOSE', 'VOID')),
    result_version integer NOT NULL DEFAULT 0,
    UNIQUE (bet_id, event_id)
  );
  CREATE INDEX hg_sport_legs_event_idx ON hg_sport_legs (event_id);
  CREATE TABLE hg_sport_postings (
    id bigserial PRIMARY KEY,
    bet_id bigint NOT NULL REFERENCES hg_bets(id),
    key text NOT NULL,
    seq integer NOT NULL,
    total bigint NOT NULL,
    amount bigint NOT NULL,
    transaction_id text,
    status text NOT NULL CHECK (status IN ('new', 'done', 'queued', 'refused')),
    error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (bet_id, key),
    UNIQUE (bet_id, seq)
  );
  `,
  // PvP card rooms (decision pvp-card-rooms): one row per hand; a seat's stake row names its hand.
  `
  CREATE TABLE hg_pvp_hands (
    id bigserial PRIMARY KEY,
    room_id text NOT NULL,
    game text NOT NULL,
    stake bigint NOT NULL,
    server_seed text NOT NULL,
    server_seed_hash text NOT NULL,
    phase text NOT NULL CHECK (phase IN ('playing', 'settled', 'void')),
    record jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    settled_at timestamptz
  );
  CREATE INDEX hg_pvp_hands_room_idx ON hg_pvp_hands (room_id, id DESC);
  ALTER TABLE hg_bets ADD COLUMN pvp_hand_id bigint REFERENCES hg_pvp_hands(id);
  CREATE INDEX hg_bets_pvp_idx ON hg_bets (pvp_hand_id) WHERE pvp_hand_id IS NOT NULL;
  `,
  // In-play and cash out (decision 102): an event's live state (clock, score, incidents) as its
  // feed last sent it; a cashed-out bet is a posting keyed 'cashout' (once per bet, as any posting).
  `
  ALTER TABLE hg_sport_events ADD COLUMN live jsonb;
  CREATE INDEX hg_sport_events_live_idx ON hg_sport_events (starts_at) WHERE status = 'started';
  `,
  // Systems (decision 107): a sports bet's system (2/3, trixie, patent, yankee, lucky15), null for a
  // single or an accumulator; its stake is lines × stake per line.
  `
  ALTER TABLE hg_bets ADD COLUMN sport_system text;
  `,
  // Partial and auto cash out (decision 108): the part of the stake a cash-out posting bought back
  // (postings keyed 'cashout:<seq>' for a part, 'cashout' for the rest), and the value at which a
  // bet is cashed out by itself.
  `
  ALTER TABLE hg_sport_postings ADD COLUMN stake_part bigint;
  ALTER TABLE hg_bets ADD COLUMN sport_auto_cashout bigint;
  `,
  // More sports (issue 23): what a result holds besides the score (football's half-time score,
  // tennis's games per set, esports' map winners), which their markets settle on.
  `
  ALTER TABLE hg_sport_events ADD COLUMN result_detail jsonb;
  `,
  // The sportsbook's console (issue 23, decision 114): an event or some of its markets
  // suspended or voided by the operator (apart from the feed's own suspension), and the margin per
  // sport the operator set (the configured margin stands for a sport without one).
  `
  ALTER TABLE hg_sport_events ADD COLUMN op_suspended boolean NOT NULL DEFAULT false;
  ALTER TABLE hg_sport_events ADD COLUMN suspended_markets jsonb NOT NULL DEFAULT '[]';
  ALTER TABLE hg_sport_events ADD COLUMN voided_markets jsonb NOT NULL DEFAULT '[]';
  CREATE TABLE hg_sport_margins (
    sport text PRIMARY KEY,
    margin_bp integer NOT NULL CHECK (margin_bp >= 0 AND margin_bp <= 5000),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX hg_sport_postings_created_idx ON hg_sport_postings (created_at);
  `,
  // Settlement updates stay on their page (HOT, decision 121): a bet's status is no longer in any
  // index (a fight's bets are found by the fight alone), and the tables a settlement updates row by
  // row leave room on each page for the new versions, so no index gets a new entry per update.
  `
  DROP INDEX hg_bets_fight_idx;
  CREATE INDEX hg_bets_fight_idx ON hg_bets (fight_id) WHERE fight_id IS NOT NULL;
  ALTER TABLE hg_bets SET (fillfactor = 45);
  ALTER TABLE hg_sport_postings SET (fillfactor = 50);
  ALTER TABLE hg_sport_legs SET (fillfactor = 50);
  `,
  // How far an event's settlement has claimed its bets at a result version (decision 122): every
  // bet up to claimed_through that the result completes was claimed (or found settled) at that
  // version, so a twin settler passes over those no longer open instead of reading them again. And
  // the bets with an auto cash out, which every price move and result looks through: a few, where
  // reading them through the event's legs read all of its bets (settlement never writes the column,
  // so its updates stay HOT).
  `
  CREATE TABLE hg_sport_settlement_progress (
    event_id bigint PRIMARY KEY REFERENCES hg_sport_events(id),
    result_version integer NOT NULL,
    claimed_through bigint NOT NULL
  );
  CREATE INDEX hg_bets_auto_cashout_idx ON hg_bets (id) WHERE sport_auto_cashout IS NOT NULL;
  `,
];
