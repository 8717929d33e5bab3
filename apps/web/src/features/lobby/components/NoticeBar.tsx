import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/index.ts';

/** Notice marquee (spec §2 home). Player notices from announcements replace the default line. */
export function NoticeBar({ notices }: { notices?: readonly string[] }) {
  const { t } = useTranslation();
  const lines = notices && notices.length > 0 ? notices : [t('notice_default')];
  const text = lines.join('   •   ');
  return (
    <section className="notice-bar" aria-label={t('notice_label')}>
      <span className="notice-bar__icon" aria-hidden="true">
        <Icon name="megaphone" size={18} />
      </span>
      <div className="notice-bar__track">
        <p className="notice-bar__text">{text}</p>
      </div>
    </section>
  );
}
