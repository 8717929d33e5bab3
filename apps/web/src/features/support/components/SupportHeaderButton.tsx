import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/index.ts';
import { isInAppChat, openCustomerService, useSupportUnread } from '../../../lib/customerService.ts';
import { useSystemStatus } from '../../../lib/system/index.ts';
import { preloadModal } from '../../../lib/ui/index.ts';
import '../header.css';

/** The header's customer-service entry (spec §2 header): the in-app chat room, with its unread count. */
export function SupportHeaderButton() {
  const { t } = useTranslation();
  const { customerService } = useSystemStatus();
  const unread = useSupportUnread();
  const entry = customerService.find(isInAppChat) ?? customerService[0];
  if (!entry) return null;
  return (
    <button
      type="button"
      className="support-header-button"
      onClick={() => openCustomerService(entry)}
      onPointerEnter={() => isInAppChat(entry) && preloadModal('supportChat')}
      aria-label={
        unread > 0 ? `${t('in_customer_service')} (${t('cs_unread', { count: unread })})` : t('in_customer_service')
      }
      data-testid="header-chat"
    >
      <Icon name="headset" size={20} />
      {isInAppChat(entry) && unread > 0 ? (
        <span className="support-header-button__badge" aria-hidden="true" data-testid="header-chat-unread">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </button>
  );
}
