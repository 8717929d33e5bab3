import { useEffect, useState } from 'react';
import { api } from '../lib/api.ts';
import { formatDecimal, formatMoney, formatMultiplier, formatTime, type Money } from '../lib/format.ts';
import { lang, t } from '../lib/i18n.ts';
import { Modal } from './Modal.tsx';

export interface BetRow {
  roundId: string;
  game: 'slot' | 'dice' | 'crash' | 'live' | 'fish';
  amount: string;
  win: string | null;
  status: string;
  createdAt: string;
  nonce: number | null;
  crashRoundId: number | null;
  liveRoundId?: number | null;
  outcome: Record<string, unknown> | null;
  seed: { serverSeed: string | null; serverSeedHash: string; clientSeed: string } | null;
}

export const verifyHref = (b: BetRow): string | null => {
  const q = new URLSearchParams({ lang });
  if (b.game === 'dice' && b.seed && b.nonce !== null) {
    q.set('game', 'dice');
    q.set('hash', b.seed.serverSeedHash);
    q.set('clientSeed', b.seed.clientSeed);
    q.set('nonce', String(b.nonce));
    if (b.seed.serverSeed) q.set('serverSeed', b.seed.serverSeed);
    return `/verify?${q}`;
  }
  if (b.game === 'fish' && b.seed && b.nonce !== null && b.outcome) {
    const o = b.outcome as {
      weapon?: string;
      bet?: string;
      rtpBp?: number;
      hits?: { species: string; multiplier: number }[];
    };
    q.set('hash', b.seed.serverSeedHash);
    q.set('clientSeed', b.seed.clientSeed);
    q.set('nonce', String(b.nonce));
    if (b.seed.serverSeed) q.set('serverSeed', b.seed.serverSeed);
    q.set('weapon', o.weapon ?? '');
    q.set('bet', o.bet ?? '');
    q.set('rtp', String(o.rtpBp ?? ''));
    q.set('species', (o.hits ?? []).map((h) => h.species).join(','));
    q.set('multipliers', (o.hits ?? []).map((h) => h.multiplier).join(','));
    return `/verify/fish?${q}`;
  }
  if (b.game === 'crash' && b.crashRoundId) {
    q.set('game', 'crash');
    q.set('round', String(b.crashRoundId));
    return `/verify?${q}`;
  }
  if (b.game === 'live' && b.liveRoundId) {
    q.set('round', String(b.liveRoundId));
    return `/verify/live?${q}`;
  }
  return null;
};

const summary = (b: BetRow) => {
  const o = b.outcome ?? {};
  if (b.game === 'dice' && typeof o.roll === 'number')
    return `${formatDecimal(o.roll / 100, 2)} ${o.direction === 'under' ? '<' : '>'} ${formatDecimal((o.target as number) / 100, 2)}`;
  if (b.game === 'fish')
    return `${String(o.weapon ?? '')} ${(o.hits as { captured: boolean; multiplier: number }[] | undefined)?.map((h) => (h.captured ? `×${h.multiplier}` : '·')).join(' ') ?? ''}`;
  if (b.game === 'crash') return o.cashout ? `${formatMultiplier(o.cashout as number)}×` : '—';
  if (b.game === 'live') return ((o.stakes as { spot: string }[] | undefined) ?? []).map((x) => x.spot).join(', ');
  if (b.game === 'slot') return `${(o.base as { lines?: unknown[] })?.lines?.length ?? 0} ${t('lines')}`;
  return '';
};

/** The player's last bets (one click from the game), each with its verify link where it has one. */
export const HistoryDrawer = ({ money, onClose }: { money: Money; onClose: () => void }) => {
  const [rows, setRows] = useState<BetRow[] | null>(null);
  useEffect(() => {
    api<BetRow[]>('/bets?limit=20').then(setRows, () => setRows([]));
  }, []);
  return (
    <Modal title={t('history')} onClose={onClose} testId="hg-history">
      {!rows ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p>{t('noBets')}</p>
      ) : (
        <table className="history">
          <thead>
            <tr>
              <th>{t('time')}</th>
              <th>{t('bet')}</th>
              <th>{t('win')}</th>
              <th>{t('result')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => {
              const href = verifyHref(b);
              return (
                <tr key={b.roundId} title={b.roundId}>
                  <td>{formatTime(b.createdAt)}</td>
                  <td>{formatMoney(b.amount, money)}</td>
                  <td className={b.win && b.win !== '0' ? 'won' : ''}>
                    {b.win === null ? '…' : formatMoney(b.win, money)}
                  </td>
                  <td>{summary(b)}</td>
                  <td>
                    {href && (
                      <a href={href} target="_blank" rel="noreferrer" data-testid="hg-history-verify">
                        {t('verify')}
                      </a>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Modal>
  );
};
