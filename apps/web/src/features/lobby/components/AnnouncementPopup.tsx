import type { AnnouncementValue } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Modal } from '../../../components/ui/index.ts';
import { useAnnouncements } from '../api/announcements.ts';
import { dismissPopup, type Audience } from '../hooks/popupDismissal.ts';
import { Pagination } from './Pagination.tsx';
import '../lobby-home.css';

/** Spec §9: the popup shows 9 announcements per page. */
export const POPUP_PAGE_SIZE = 9;

/**
 * The public announcement popup (spec §2): the popup announcements, 9 per page, each opening to
 * its text, with a promotion button when it has a promotion type. Closing it is remembered for the
 * session, for members and anonymous visitors separately (spec §4).
 */
export function AnnouncementPopup({ audience, onClose }: { audience: Audience; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useAnnouncements(['PU']);
  const items: AnnouncementValue[] = data?.popup ?? [];
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const totalPages = Math.ceil(items.length / POPUP_PAGE_SIZE);
  const shown = items.slice((page - 1) * POPUP_PAGE_SIZE, page * POPUP_PAGE_SIZE);
  const expanded = open ?? shown[0]?.id ?? null;

  const close = () => {
    dismissPopup(audience);
    onClose();
  };

  return (
    <Modal
      open
      onClose={close}
      title={t('popup_title')}
      size="lg"
      testId="announcement-popup"
      footer={
        <Button variant="secondary" onClick={close} data-testid="announcement-dismiss">
          {t('popup_dismiss')}
        </Button>
      }
    >
      <ol className="announcement-list" data-testid="announcement-items" data-page={page}>
        {shown.map((a) => (
          <li key={a.id} className="announcement-item" data-testid="announcement-item">
            <button
              type="button"
              className="announcement-item__title"
              aria-expanded={expanded === a.id}
              onClick={() => setOpen(expanded === a.id ? -1 : a.id)}
            >
              {a.title}
            </button>
            {expanded === a.id ? (
              <div className="announcement-item__body">
                <p>{a.content}</p>
                {a.promotionType ? (
                  <Button
                    size="sm"
                    onClick={() => {
                      close();
                      // The promotions page opens the tab of this type (promotions are their own records).
                      void navigate(`/promotions#${a.promotionType}`);
                    }}
                    data-testid="announcement-promotion"
                  >
                    {t('popup_promo')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <Pagination
        page={page}
        totalPages={totalPages}
        onPage={(p) => {
          if (p < 1 || p > totalPages) return;
          setPage(p);
          setOpen(null);
        }}
      />
    </Modal>
  );
}
