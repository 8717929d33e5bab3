import { useMemo, useState } from 'react';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Skeleton } from '../../../components/ui/index.ts';
import { zonedParts } from '../../../lib/format/datetime.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { GAME_TYPE_ENTRIES } from '../../../lib/gameTypes.ts';
import { useBetHistory, type HistoryQuery } from '../api/betHistory.ts';
import { useVendorNames } from '../api/vendors.ts';
import { RoundDetailModal } from './RoundDetailModal.tsx';
import '../games.css';

const PAGE_SIZE = 10;
const dayIn = (timeZone: string, offsetDays = 0) =>
  zonedParts(new Date(Date.now() + offsetDays * 86_400_000), timeZone).date;

/**
 * personalHistoryCopy: every round the member played, filtered by date (the brand's time zone),
 * game type and provider; any round opens with its outcome and transactions.
 */
export function BetHistoryPage() {
  const { t } = useTranslation();
  const brandTime = useBrandTime();
  const timezone = brandTime.timeZone;
  const brandMoney = useBrandMoney();
  const [draft, setDraft] = useState({
    from: dayIn(timezone, -6),
    to: dayIn(timezone),
    gameType: 'ALL',
    vassalage: 'ALL',
  });
  const [filters, setFilters] = useState(draft);
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const vendorNames = useVendorNames();
  const vendorList = useMemo(
    () => [...vendorNames.list.entries()].sort((a, b) => a[1].localeCompare(b[1])),
    [vendorNames],
  );
  const query: HistoryQuery = {
    from: filters.from || undefined,
    to: filters.to || undefined,
    gameType: filters.gameType as HistoryQuery['gameType'],
    vassalage: filters.vassalage === 'ALL' ? undefined : filters.vassalage,
    pageNo,
    pageSize: PAGE_SIZE,
  };
  const history = useBetHistory(query);
  const money = (v: string) => formatMoney(v, brandMoney);
  const badRange = Boolean(draft.from && draft.to && draft.from > draft.to);
  const data = history.data;

  return (
    <div className="bet-history" data-testid="bet-history">
      <form
        className="bet-history__filters"
        onSubmit={(e) => {
          e.preventDefault();
          if (badRange) return;
          setPageNo(1);
          setFilters(draft);
        }}
      >
        <label>
          <span>{t('bh_from')}</span>
          <input
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            data-testid="bh-from"
          />
        </label>
        <label>
          <span>{t('bh_to')}</span>
          <input
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            data-testid="bh-to"
          />
        </label>
        <label>
          <span>{t('bh_game_type')}</span>
          <select
            value={draft.gameType}
            onChange={(e) => setDraft({ ...draft, gameType: e.target.value })}
            data-testid="bh-game-type"
          >
            <option value="ALL">{t('bh_all')}</option>
            {GAME_TYPE_ENTRIES.filter((g) => g.type !== 'LOTT' && g.type !== 'ELOTT').map((g) => (
              <option key={g.type} value={g.type}>
                {t(`game_${g.type}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('bh_vendor')}</span>
          <select
            value={draft.vassalage}
            onChange={(e) => setDraft({ ...draft, vassalage: e.target.value })}
            data-testid="bh-vendor"
          >
            <option value="ALL">{t('bh_all')}</option>
            {vendorList.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={badRange} data-testid="bh-search">
          {t('bh_search')}
        </Button>
        {badRange ? (
          <p className="field-error" role="alert">
            {t('bh_invalid_range')}
          </p>
        ) : null}
      </form>

      {data ? (
        <div className="bet-history__totals" aria-live="polite">
          <span>{t('bh_totals')}</span>
          <span>
            {t('bh_bet')}: <strong>{money(data.totals.bet)}</strong>
          </span>
          <span>
            {t('bh_win')}: <strong>{money(data.totals.win)}</strong>
          </span>
          <span>
            {t('bh_profit')}:{' '}
            <strong className={BigInt(data.totals.profit) >= 0n ? 'positive' : 'negative'}>
              {money(data.totals.profit)}
            </strong>
          </span>
        </div>
      ) : null}

      {history.isLoading ? (
        <Skeleton height={240} />
      ) : !data || data.list.length === 0 ? (
        <EmptyState icon="receipt" title={t('bh_no_rounds')} />
      ) : (
        <>
          <div className="bet-history__scroll">
            <table className="bet-history__table">
              <thead>
                <tr>
                  <th>
                    {t('bh_time')}{' '}
                    <span className="bet-history__zone">({zonedParts(new Date(), timezone).offset})</span>
                  </th>
                  <th>{t('bh_game')}</th>
                  <th>{t('bh_vendor')}</th>
                  <th>{t('bh_bet')}</th>
                  <th>{t('bh_win')}</th>
                  <th>{t('bh_profit')}</th>
                  <th>{t('bh_status')}</th>
                  <th>
                    <span className="visually-hidden">{t('bh_open_round')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((r) => (
                  <tr key={r.id} data-testid="bh-row">
                    <td data-label={t('bh_time')} className="bet-history__time">
                      <time dateTime={r.startedAt} title={brandTime.dateTime(r.startedAt)}>
                        <span>{brandTime.date(r.startedAt)}</span> <span>{brandTime.local(r.startedAt, 'time')}</span>
                      </time>
                    </td>
                    <td data-label={t('bh_game')} className="bet-history__game">
                      {r.gameName}
                    </td>
                    <td data-label={t('bh_vendor')} data-testid="bh-vendor-name">
                      {vendorNames.nameOf(r.vassalage)}
                    </td>
                    <td data-label={t('bh_bet')}>{money(r.bet)}</td>
                    <td data-label={t('bh_win')}>{money(r.win)}</td>
                    <td data-label={t('bh_profit')} className={BigInt(r.profit) >= 0n ? 'positive' : 'negative'}>
                      {money(r.profit)}
                    </td>
                    <td data-label={t('bh_status')}>{t(`bh_status_${r.status}`)}</td>
                    <td className="bet-history__open">
                      <Button size="sm" variant="outline" onClick={() => setOpen(r.id)} data-testid="bh-open">
                        {t('bh_open_round')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.totalPages > 1 ? (
            <nav className="bet-history__pages" aria-label={t('bh_pages')}>
              <Button size="sm" variant="outline" disabled={pageNo <= 1} onClick={() => setPageNo((p) => p - 1)}>
                {t('bh_prev')}
              </Button>
              <span>{t('bh_page', { page: String(data.pageNum), pages: String(data.totalPages) })}</span>
              <Button
                size="sm"
                variant="outline"
                disabled={pageNo >= data.totalPages}
                onClick={() => setPageNo((p) => p + 1)}
              >
                {t('bh_next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
      <RoundDetailModal id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
