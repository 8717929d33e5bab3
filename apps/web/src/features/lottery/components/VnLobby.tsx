import { isVnFamily } from '@app/contract/lottery-draw';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/index.ts';
import { formatDateTime } from '../../../lib/format/datetime.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useVnMenu, useVnRecent } from '../api/lottery.ts';
import type { LotteryT } from '../hooks/useLotteryText.ts';
import { gameName } from './names.ts';
import { VnSheet, specialOf } from './VnSheet.tsx';

/**
 * The Vietnamese lotteries' lobby (/vnLottery without a game): each region with its games, their
 * next draw in the brand's time and their last special prize; the North's last sheet in full.
 */
export function VnLobby({ t }: { t: LotteryT }) {
  const menu = useVnMenu();
  const recent = useVnRecent();
  const { timezone } = useWhitelabel();
  if (menu.isLoading) return <Skeleton variant="block" width="100%" height={200} />;
  const lastOf = (gameCode: string) => recent.data?.list.find((g) => g.gameCode === gameCode)?.period ?? null;
  const north = menu.data?.regions.find((r) => r.family === 'VN_NORTH')?.games[0];
  const northLast = north ? lastOf(north.gameCode) : null;
  return (
    <div className="lt-vn-lobby" data-testid="lt-vn-lobby">
      <div className="lt-vn-lobby__regions">
        {(menu.data?.regions ?? []).map((region) => (
          <section key={region.family} className="lt-vn-lobby__region" aria-labelledby={`lt-region-${region.family}`}>
            <h2 id={`lt-region-${region.family}`} className="lt-vn-lobby__title">
              {t(`lt_family_${region.family}`)}
            </h2>
            <ul className="lt-vn-lobby__games">
              {region.games.map((g) => {
                const last = lastOf(g.gameCode);
                return (
                  <li key={g.gameCode}>
                    <Link
                      className="lt-vn-lobby__game"
                      to={`/vnLottery?gameCode=${encodeURIComponent(g.gameCode)}`}
                      data-testid="lt-vn-game"
                      data-game={g.gameCode}
                    >
                      <strong>{gameName(t, { ...g, intervalSeconds: 0 })}</strong>
                      <span className="lt-period__small">
                        {t('lt_draws_at', { time: formatDateTime(g.drawAt, timezone) })}
                      </span>
                      {last?.result && isVnFamily(g.family) ? (
                        <span className="lt-period__small">
                          {t('lt_tier_db')} <b className="lt-vn-lobby__special">{specialOf(g.family, last.result)}</b>
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
      {north && northLast?.result ? (
        <section className="lt-vn-lobby__sheet" aria-label={t('lt_vn_sheet', { numero: northLast.numero })}>
          <VnSheet
            family="VN_NORTH"
            result={northLast.result}
            t={t}
            caption={`${gameName(t, { ...north, intervalSeconds: 0 })} · ${t('lt_vn_sheet', { numero: northLast.numero })}`}
          />
        </section>
      ) : null}
    </div>
  );
}
