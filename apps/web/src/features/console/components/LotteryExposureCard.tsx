import { useState } from 'react';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useLotteryExposure, useLotteryGames } from '../api/lotteryDraws.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskCard, DeskTable } from './parts.tsx';

/**
 * The open period's exposure per number of a house game (decision 076): what the house would owe on
 * each picked number of each bet type if it were drawn, the largest first, against the game's cap.
 */
export function LotteryExposureCard({ t }: { t: ConsoleT }) {
  const money = useBrandMoney();
  const games = useLotteryGames();
  const house = (games.data?.list ?? []).filter((g) => g.betting && !g.official);
  const [gameCode, setGameCode] = useState<string | null>(null);
  const chosen = gameCode ?? house[0]?.gameCode ?? null;
  const q = useLotteryExposure(chosen);
  const cap = q.data ? BigInt(q.data.maxExposure) : 0n;
  return (
    <DeskCard id="lx-card" title={t('lx_title')} testId="lx-card">
      <label className="ld-filter">
        {t('lx_game')}{' '}
        <select value={chosen ?? ''} onChange={(e) => setGameCode(e.target.value)} data-testid="lx-game">
          {house.map((g) => (
            <option key={g.gameCode} value={g.gameCode}>
              {g.gameCode}
            </option>
          ))}
        </select>
      </label>
      {q.data ? (
        <p data-testid="lx-period">
          {t('lx_period', { numero: q.data.numero, cap: formatMoney(q.data.maxExposure, money) })}
        </p>
      ) : null}
      <DeskTable
        testId="lx-table"
        caption={t('lx_title')}
        columns={[
          { label: t('lx_bet_type') },
          { label: t('lx_number') },
          { label: t('lx_amount'), numeric: true },
          { label: t('lx_share'), numeric: true },
        ]}
        empty={Boolean(q.data && !q.data.list.length)}
        emptyText={t('lx_empty')}
        busy={q.isFetching}
        t={t}
      >
        {(q.data?.list ?? []).map((e) => (
          <tr key={e.cell} data-testid="lx-row">
            <td>
              <code>{e.betType}</code> · {e.row + 1}
            </td>
            <td>
              <strong>{e.pick}</strong>
            </td>
            <td className="console-num">{formatMoney(e.amount, money)}</td>
            <td className="console-num">{cap > 0n ? `${(BigInt(e.amount) * 100n) / cap} %` : '—'}</td>
          </tr>
        ))}
      </DeskTable>
    </DeskCard>
  );
}
