import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../../components/ui/index.ts';
import { NOTICE_TYPES, useAnnouncements } from '../api/announcements.ts';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import '../lobby-home.css';

/** The notice list (spec §7: types B, PL, PU, PR with execution B): notices, popups and promotions. */
export function NoticeListModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const brandTime = useBrandTime();
  const { data, isLoading } = useAnnouncements(NOTICE_TYPES, { execution: 'B' } as never);
  const notices = [...(data?.notices ?? []), ...(data?.popup ?? [])];
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Modal open onClose={onClose} title={t('notices_title')} size="lg" testId="notice-list-modal">
      {isLoading ? <p>{t('loading')}</p> : null}
      {!isLoading && !notices.length && !data?.promotion.length ? <p>{t('in_no_data')}</p> : null}
      <ul className="announcement-list">
        {notices.map((a) => (
          <li key={a.id} className="announcement-item" data-testid="notice-item">
            <button
              type="button"
              className="announcement-item__title"
              aria-expanded={open === a.id}
              onClick={() => setOpen(open === a.id ? null : a.id)}
            >
              {a.title}
              <time className="announcement-item__time" dateTime={a.startTime}>
                {brandTime.date(a.startTime)}
              </time>
            </button>
            {open === a.id ? <p className="announcement-item__body">{a.content}</p> : null}
          </li>
        ))}
      </ul>
      {data?.promotion.length ? (
        <section className="notice-promotions" aria-labelledby="notice-promotions-title">
          <h3 id="notice-promotions-title">{t('nav_promotions')}</h3>
          <ul>
            {data.promotion.map((p) => (
              <li key={p.id}>
                <Link to={`/promotions#${p.id}`} onClick={onClose}>
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Modal>
  );
}
