import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/index.ts';
import { openModal } from '../../../lib/ui/index.ts';

/** The header's notice button (spec §2 header "notice modal"). */
export function NoticeBell() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="notice-bell"
      onClick={() => openModal('notices')}
      aria-label={t('notices_title')}
      data-testid="notice-bell"
    >
      <Icon name="megaphone" size={20} />
    </button>
  );
}
