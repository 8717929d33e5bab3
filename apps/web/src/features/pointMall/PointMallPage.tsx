import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Icon, PageHeader, Skeleton, TabPanel, Tabs } from '../../components/ui/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { formatMoney, useBrandMoney } from '../../lib/money/index.ts';
import { usePointsBalance, usePointsConfig } from './api/points.ts';
import { DetailsTab } from './components/DetailsTab.tsx';
import { ExchangeTab, worthOf } from './components/ExchangeTab.tsx';
import { HistoryTab } from './components/HistoryTab.tsx';
import { LoadError } from './components/parts.tsx';
import { usePointsFormat } from './hooks/usePointsFormat.ts';
import { RedeemTab } from './components/RedeemTab.tsx';
import { RulesTab } from './components/RulesTab.tsx';
import { usePointsText } from './hooks/usePointsText.ts';
import './pointMall.css';

const TABS = ['redeem', 'history', 'details', 'rules', 'exchange'] as const;
type PointTab = (typeof TABS)[number];
const PANEL_PREFIX = 'points';

/**
 * /pointMall (spec §2, §3 points): the balance, redeem, redeem history, points details, points
 * rules and the exchange-rate table with the conversion to cash.
 */
export function PointMallPage() {
  const { t: tg } = useTranslation();
  const { t, ready } = usePointsText();
  const [tab, setTab] = useState<PointTab>('redeem');
  const balance = usePointsBalance();
  const config = usePointsConfig();
  const money = useBrandMoney();
  const pts = usePointsFormat();
  const labels: Record<PointTab, string> = {
    redeem: tg('points_redeem'),
    history: tg('points_history'),
    details: tg('points_details'),
    rules: tg('points_rules'),
    exchange: ready ? t('pm_tab_exchange') : '',
  };
  const c = config.data;
  const points = balance.data;
  const least = c?.rates[0]?.minPoints ?? 0;
  const bonusBp = c?.vipBonusBp ?? 0;
  // Play money earns no points: a trial account is told what the mall is for.
  if (useSession().isTrial)
    return (
      <div className="point-mall" data-testid="point-mall">
        <PageHeader title={tg('points_mall_title')} icon="star" />
        <EmptyState icon="star" title={tg('points_mall_title')} description={tg('points_empty')} headingLevel={2} />
      </div>
    );

  return (
    <div className="point-mall" data-testid="point-mall">
      <PageHeader title={tg('points_mall_title')} icon="star" />
      <div className="point-mall__balance">
        <span className="point-mall__balance-icon" aria-hidden="true">
          <Icon name="trophy" size={26} />
        </span>
        <div className="point-mall__balance-text">
          <p className="point-mall__balance-label">{tg('points_balance')}</p>
          <p className="point-mall__balance-value" data-testid="points-balance">
            {points === undefined ? '—' : pts(points)}
          </p>
          {ready && c && points !== undefined && c.rates.length ? (
            <p className="point-mall__balance-worth">
              {points >= least
                ? t('pm_worth', { amount: formatMoney(worthOf(c.rates, points, bonusBp), money) })
                : t('pm_worth_none', { n: pts(least) })}
            </p>
          ) : null}
        </div>
        {ready && c ? (
          <p className="point-mall__turnover">
            {t('pm_turnover', { days: c.requirementDays, amount: formatMoney(c.turnover, money) })}
          </p>
        ) : null}
      </div>
      <Tabs
        items={TABS.map((id) => ({ id, label: labels[id] }))}
        value={tab}
        onChange={setTab}
        label={tg('points_mall_title')}
        idPrefix={PANEL_PREFIX}
        controlsPanels
        variant="underline"
        className="point-mall__tabs"
      />
      <TabPanel idPrefix={PANEL_PREFIX} id={tab}>
        {!ready || config.isPending || points === undefined ? (
          config.isError || balance.isError ? (
            <LoadError
              t={t}
              onRetry={() => {
                void config.refetch();
                void balance.refetch();
              }}
            />
          ) : (
            <Skeleton height={220} radius={16} />
          )
        ) : config.isError || !c ? (
          <LoadError t={t} onRetry={() => void config.refetch()} />
        ) : tab === 'redeem' ? (
          <RedeemTab
            t={t}
            items={c.items}
            balance={points}
            turnover={c.turnover}
            requirementDays={c.requirementDays}
            hasPaymentPassword={c.hasPaymentPassword}
          />
        ) : tab === 'history' ? (
          <HistoryTab t={t} />
        ) : tab === 'details' ? (
          <DetailsTab t={t} />
        ) : tab === 'rules' ? (
          <RulesTab t={t} rules={c.rules} />
        ) : (
          <ExchangeTab t={t} rates={c.rates} vip={c.vip} balance={points} hasPaymentPassword={c.hasPaymentPassword} />
        )}
      </TabPanel>
    </div>
  );
}
