import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Icon, PageHeader, TabPanel, Tabs } from '../../components/ui/index.ts';
import './pointMall.css';

const TABS = ['redeem', 'history', 'details', 'rules'] as const;
type PointTab = (typeof TABS)[number];
const PANEL_PREFIX = 'points';

/** /pointMall (spec §2, §3 points): balance, redeem, redeem history, details and rules. */
export function PointMallPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PointTab>('redeem');
  const labels: Record<PointTab, string> = {
    redeem: t('points_redeem'),
    history: t('points_history'),
    details: t('points_details'),
    rules: t('points_rules'),
  };

  return (
    <div className="point-mall">
      <PageHeader title={t('points_mall_title')} icon="star" />
      <div className="point-mall__balance">
        <span className="point-mall__balance-icon" aria-hidden="true">
          <Icon name="trophy" size={26} />
        </span>
        <div>
          <p className="point-mall__balance-label">{t('points_balance')}</p>
          <p className="point-mall__balance-value" data-testid="points-balance">
            —
          </p>
        </div>
      </div>
      <Tabs
        items={TABS.map((id) => ({ id, label: labels[id] }))}
        value={tab}
        onChange={setTab}
        label={t('points_mall_title')}
        idPrefix={PANEL_PREFIX}
        controlsPanels
        variant="underline"
      />
      <TabPanel idPrefix={PANEL_PREFIX} id={tab}>
        <EmptyState icon="star" title={t('in_no_data')} description={t('points_empty')} headingLevel={2} />
      </TabPanel>
    </div>
  );
}
