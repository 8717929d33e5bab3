import { useTranslation } from 'react-i18next';

/**
 * A round's outcome as the vendor described it, drawn again: the reels of a slot with its winning
 * lines, a dice roll against its target, a crash cash-out, a PvP card hand with every seat's cards.
 * Anything else shows its summary fields.
 */
const LOW = ['A', 'K', 'Q', 'J', '10', '9'];
const symbolLabel = (key: string) => {
  if (key === 'W') return 'WILD';
  if (key === 'S') return 'FREE';
  if (key.startsWith('l')) return LOW[Number(key.slice(1)) - 1] ?? key;
  if (key.startsWith('h')) return `★${key.slice(1)}`;
  return key;
};

interface SlotView {
  grid?: string[][];
  lines?: { line: number; symbol: string; count: number; pay: number }[];
  freeSpinsAwarded?: number;
}

/** Hundredths (a roll, a target, a multiplier) as the reader's language writes decimals. */
const hundredths = (value: number, language: string): string => {
  try {
    return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value / 100);
  } catch {
    return (value / 100).toFixed(2);
  }
};

interface PvpRecord {
  handId?: number;
  seats?: { seat: number; name: string; cards?: { rank: number; suit: number }[] }[];
}
const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♣', '♦'];

export function RoundOutcome({ detail }: { detail: Record<string, unknown> | null }) {
  const { t, i18n } = useTranslation();
  if (!detail) return <p className="muted">{t('bh_no_outcome')}</p>;
  if (detail.kind === 'slot') {
    const base = (detail.base ?? {}) as SlotView;
    const grid = base.grid ?? [];
    const rows = grid[0]?.length ?? 0;
    const free = Array.isArray(detail.freeSpins) ? detail.freeSpins.length : 0;
    return (
      <div className="round-outcome" data-testid="round-outcome" data-kind="slot">
        <div
          className="round-outcome__reels"
          style={{ gridTemplateColumns: `repeat(${grid.length}, 1fr)` }}
          role="img"
          aria-label={t('bh_outcome')}
        >
          {Array.from({ length: rows }, (_, row) =>
            grid.map((col, reel) => (
              <span
                key={`${reel}-${row}`}
                className={`round-outcome__cell round-outcome__cell--${col[row]?.[0] ?? 'x'}`}
              >
                {symbolLabel(col[row] ?? '')}
              </span>
            )),
          )}
        </div>
        {base.lines?.length ? (
          <p className="round-outcome__lines">
            {t('bh_lines')}: {base.lines.map((l) => `#${l.line + 1} ${l.count}× ${symbolLabel(l.symbol)}`).join(' · ')}
          </p>
        ) : null}
        {free > 0 ? <p>{t('bh_free_spins', { n: String(free) })}</p> : null}
      </div>
    );
  }
  if (detail.kind === 'dice' && typeof detail.roll === 'number') {
    return (
      <div className="round-outcome" data-testid="round-outcome" data-kind="dice">
        <p className="round-outcome__big">
          {t('bh_roll', {
            roll: hundredths(detail.roll, i18n.language),
            dir: t(detail.direction === 'over' ? 'bh_dir_over' : 'bh_dir_under'),
            target: hundredths(Number(detail.target), i18n.language),
          })}
        </p>
        <p className="muted small mono">
          {t('bh_fair', { nonce: String(detail.nonce ?? ''), seed: String(detail.clientSeed ?? '') })}
        </p>
      </div>
    );
  }
  if (detail.kind === 'crash') {
    return (
      <div className="round-outcome" data-testid="round-outcome" data-kind="crash">
        <p className="round-outcome__big">
          {typeof detail.cashout === 'number'
            ? t('bh_crash', { m: hundredths(detail.cashout, i18n.language) })
            : t('bh_crash_lost')}
        </p>
      </div>
    );
  }
  if (detail.kind === 'pvp' && detail.hand && typeof detail.hand === 'object') {
    // Our PvP rooms' hand record (house games): every seat with its cards, the player's own marked.
    const hand = detail.hand as PvpRecord;
    return (
      <div className="round-outcome" data-testid="round-outcome" data-kind="pvp" data-hand={hand.handId}>
        <p>{t('bh_pvp_hand', { n: String(hand.handId ?? '') })}</p>
        <ol className="round-outcome__seats">
          {(hand.seats ?? []).map((s) => (
            <li
              key={s.seat}
              className={s.seat === detail.seat ? 'is-mine' : undefined}
              data-testid="round-pvp-seat"
              data-mine={s.seat === detail.seat ? 'true' : 'false'}
            >
              <strong>{s.name}</strong>{' '}
              {(s.cards ?? []).map((c, i) => (
                <span
                  key={i}
                  className={`round-outcome__card${c.suit % 2 ? ' round-outcome__card--red' : ''}`}
                  data-testid="round-pvp-card"
                >
                  {RANKS[c.rank]}
                  {SUITS[c.suit]}
                </span>
              ))}
            </li>
          ))}
        </ol>
      </div>
    );
  }
  return (
    <dl className="round-outcome" data-testid="round-outcome">
      {Object.entries(detail)
        .slice(0, 12)
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{typeof v === 'object' ? JSON.stringify(v) : String(v)}</dd>
          </div>
        ))}
    </dl>
  );
}
