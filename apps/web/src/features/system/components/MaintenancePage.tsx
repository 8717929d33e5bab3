import type { SystemStatusResponse } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui/index.ts';
import { isInAppChat, openCustomerService } from '../../../lib/customerService.ts';
import { formatDateTime } from '../../../lib/format/datetime.ts';
import { StatusScreen } from './StatusScreen.tsx';

/** systemStatus 1 (spec §4, §8): the whole site is down for maintenance. */
export function MaintenancePage({ status }: { status: SystemStatusResponse }) {
  const { t, i18n } = useTranslation();
  const { whitelabel, maintenance, customerService } = status;
  const endTime = maintenance.endTime ? new Date(maintenance.endTime) : null;
  const validEnd = endTime && !Number.isNaN(endTime.getTime()) ? endTime : null;
  // The chat's API is closed with the rest of the site here: an outside entry is the way to reach us.
  const firstEntry = customerService.find((entry) => !isInAppChat(entry));

  return (
    <StatusScreen
      testId="maintenance-page"
      siteName={whitelabel.siteName}
      logoUrl={whitelabel.logoUrl}
      icon="shield"
      title={t('game_maintenance')}
      actions={
        <Button
          size="lg"
          leadingIcon={<Icon name="headset" size={18} />}
          onClick={() => openCustomerService(firstEntry)}
          disabled={!firstEntry}
        >
          {t('in_customer_service')}
        </Button>
      }
    >
      <p className="status-screen__text">{t('info_maintenance')}</p>
      {maintenance.message ? <p className="status-screen__note">{maintenance.message}</p> : null}
      <dl className="status-screen__facts">
        <div className="status-screen__fact">
          <dt>{t('end_time')}</dt>
          <dd>
            {validEnd ? (
              <time data-testid="maintenance-end-time" dateTime={validEnd.toISOString()}>
                {formatDateTime(validEnd, whitelabel.timezone, i18n.language)}
              </time>
            ) : (
              <span data-testid="maintenance-end-time">{t('end_time_unknown')}</span>
            )}
          </dd>
        </div>
      </dl>
    </StatusScreen>
  );
}
