import type { SystemStatusResponse } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui/index.ts';
import { isInAppChat, openCustomerService } from '../../../lib/customerService.ts';
import { StatusScreen } from './StatusScreen.tsx';

/** systemStatus 2 (spec §4, §8): the visitor's IP or country may not use the site. */
export function RegionBlockedPage({ status }: { status: SystemStatusResponse }) {
  const { t } = useTranslation();
  const { whitelabel, location, customerService } = status;
  // The chat's API is closed with the rest of the site here: an outside entry is the way to reach us.
  const firstEntry = customerService.find((entry) => !isInAppChat(entry));

  return (
    <StatusScreen
      testId="region-blocked-page"
      siteName={whitelabel.siteName}
      logoUrl={whitelabel.logoUrl}
      icon="globe"
      tone="danger"
      title={t('blockip')}
      actions={
        firstEntry ? (
          <Button
            variant="secondary"
            leadingIcon={<Icon name="headset" size={18} />}
            onClick={() => openCustomerService(firstEntry)}
          >
            {t('in_customer_service')}
          </Button>
        ) : null
      }
    >
      <p className="status-screen__text">{t('info_ip_block')}</p>
      <dl className="status-screen__facts">
        <div className="status-screen__fact">
          <dt>{t('visitor_ip')}</dt>
          <dd className="status-screen__mono" data-testid="visitor-ip">
            {location.ip}
          </dd>
        </div>
      </dl>
    </StatusScreen>
  );
}
