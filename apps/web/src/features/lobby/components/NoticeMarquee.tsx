import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/index.ts';
import { openModal } from '../../../lib/ui/index.ts';

/** The notice marquee (spec §2 home): headlines and notices scrolling; a click opens the notice list. */
export function NoticeMarquee({ lines }: { lines: readonly string[] }) {
  const { t } = useTranslation();
  const text = (lines.length ? lines : [t('notice_default')]).join('   •   ');
  return (
    <section className="notice-bar" aria-label={t('notice_label')} data-testid="notice-marquee">
      <span className="notice-bar__icon" aria-hidden="true">
        <Icon name="megaphone" size={18} />
      </span>
      <button
        type="button"
        className="notice-bar__track notice-bar__button"
        onClick={() => openModal('notices')}
        aria-label={t('notice_open')}
      >
        <span className="notice-bar__text">{text}</span>
      </button>
    </section>
  );
}
