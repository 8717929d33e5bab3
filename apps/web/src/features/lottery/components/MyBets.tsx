import type { LotteryBet, LotteryFamily } from '@app/contract';
import { useState } from 'react';
import { Button, EmptyState, Skeleton, Tabs } from '../../../components/ui/index.ts';
import { formatDateTime } from '../../../lib/format/datetime.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useCancelBet, useCancelChase, useLotteryBets } from '../api/lottery.ts';
import type { LotteryT } from '../hooks/useLotteryText.ts';
import { textOf } from './names.ts';
import { Balls } from './Balls.tsx';
import { isSheetFamily } from '@app/contract/lottery-draw';
import { specialKey, specialOf } from './VnSheet.tsx';

const picksText = (bet: LotteryBet, t: LotteryT) =>
  bet.picks
    .map((row) => row.map((tok) => (/^\d+$/.test(tok) ? tok : textOf(t, `lt_tok_${tok}`))).join(' '))
    .map((row) => row || '–')
    .join(' | ');

/** The member's bets on this game: open ones (cancellable until the close) and the settled history. */
export function MyBets({ gameCode, family, t }: { gameCode: string; family: LotteryFamily; t: LotteryT }) {
  const [tab, setTab] = useState<'open' | 'done'>('open');
  const bets = useLotteryBets(gameCode, tab);
  const cancel = useCancelBet();
  const stopChase = useCancelChase();
  const money = useBrandMoney();
  const { timezone } = useWhitelabel();
  const list = bets.data?.list ?? [];
  const now = Date.now();
  // A running chase's stop button goes on its first open bet in the list (newest first: its last period).
  const stopOn = new Set<number>();
  const seenChases = new Set<number>();
  for (const b of list)
    if (b.status === 'open' && b.chaseId !== null && !seenChases.has(b.chaseId)) {
      seenChases.add(b.chaseId);
      stopOn.add(b.id);
    }

  return (
    <div className="lt-mine" data-testid="lt-mine">
      <Tabs
        items={[
          { id: 'open', label: t('lt_open_bets') },
          { id: 'done', label: t('lt_history') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('lt_tab_mine')}
        variant="underline"
      />
      {bets.isLoading ? (
        <Skeleton variant="text" width="100%" />
      ) : list.length === 0 ? (
        <EmptyState icon="ticket" title={t('lt_no_bets')} />
      ) : (
        <ul className="lt-mine__list">
          {list.map((bet) => (
            <li key={bet.id} className="lt-bet" data-testid="lt-bet" data-status={bet.status}>
              <div className="lt-bet__head">
                <strong>
                  {textOf(t, `lt_type_${bet.betType}`)}
                  {bet.chaseId !== null ? (
                    <span className="lt-bet__chase" data-testid="lt-bet-chase">
                      {t('lt_chase_badge')}
                    </span>
                  ) : null}
                </strong>
                <span className={`lt-status lt-status--${bet.status}`}>{t(`lt_status_${bet.status}`)}</span>
              </div>
              <div className="lt-bet__line">
                {t('lt_period', { numero: bet.numero })} · {formatDateTime(bet.createdAt, timezone)}
              </div>
              <div className="lt-bet__line">
                {t('lt_picks')}: <span className="lt-bet__picks">{picksText(bet, t)}</span> · ×{bet.multiplier}
              </div>
              <div className="lt-bet__line">
                {t('lt_stake')}: {formatMoney(bet.amount, money)}
                {bet.status === 'won' || bet.status === 'lost' ? (
                  <>
                    {' '}
                    · {t('lt_win')}: <span data-testid="lt-bet-win">{formatMoney(bet.win, money)}</span>
                  </>
                ) : null}
              </div>
              {bet.result ? (
                <div className="lt-bet__line">
                  {t('lt_result')}:{' '}
                  {isSheetFamily(family) ? (
                    <span className="lt-bet__special">
                      {textOf(t, specialKey(family))} <b>{specialOf(family, bet.result)}</b>
                    </span>
                  ) : (
                    <Balls family={family} numbers={bet.result} size="sm" />
                  )}
                </div>
              ) : null}
              {bet.status === 'open' && Date.parse(bet.closeAt) > now ? (
                <Button
                  size="sm"
                  variant="outline"
                  loading={cancel.isPending && cancel.variables === bet.id}
                  onClick={() => cancel.mutate(bet.id, { onSuccess: () => showToast(t('lt_cancelled_ok'), 'success') })}
                >
                  {t('lt_cancel')}
                </Button>
              ) : null}
              {stopOn.has(bet.id) && bet.chaseId !== null ? (
                <Button
                  size="sm"
                  variant="outline"
                  title={t('lt_chase_cancel_hint')}
                  data-testid="lt-chase-cancel"
                  loading={stopChase.isPending && stopChase.variables === bet.chaseId}
                  onClick={() =>
                    stopChase.mutate(bet.chaseId!, {
                      onSuccess: (r) => showToast(t('lt_chase_cancelled_ok', { count: r.refunded }), 'success'),
                      onError: (e) => showToast(e.message, 'error'),
                    })
                  }
                >
                  {t('lt_chase_cancel')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
