import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Avatar, Icon, PageHeader } from '../../components/ui/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { BADGED_PAGES, MEMBER_PAGES, MEMBER_PAGE_ICONS, memberPageOf, type MemberPage } from './pages.ts';
import './member.css';

export interface MemberCentrePageProps {
  /** Unread counts for the badged entries, fed by the messages/rewards/missions features. */
  badges?: Partial<Record<MemberPage, number>>;
  /**
   * The pages other features provide (composed in src/app/routes/member.tsx): one for every entry of
   * the menu, so no entry can open an empty page (issue 17).
   */
  pages: Record<MemberPage, ComponentType>;
}

/** Member centre frame (spec §2): the menu of member pages and the selected page. */
export function MemberCentrePage({ badges = {}, pages }: MemberCentrePageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { memberInfo } = useSession();
  const page = memberPageOf(params.get('page'));
  const label = (p: MemberPage) => t(`mc_${p}`);
  const Page = pages[page];

  return (
    <div className="member-centre">
      <aside className="member-centre__aside">
        <div className="member-centre__profile">
          <Avatar avatar={memberInfo?.avatar} size={48} label={memberInfo?.vipLabelName ?? null} />
          <div>
            <p className="member-centre__name">{memberInfo?.nickname || memberInfo?.account || t('guest')}</p>
            <p className="member-centre__caption">{t('member_centre')}</p>
          </div>
        </div>
        <nav aria-label={t('member_menu')}>
          <ul className="member-centre__menu">
            {MEMBER_PAGES.map((p) => {
              const count = BADGED_PAGES.includes(p) ? (badges[p] ?? 0) : 0;
              return (
                <li key={p}>
                  <Link
                    to={`/member?page=${p}`}
                    className={`member-centre__link${p === page ? ' member-centre__link--active' : ''}`}
                    aria-current={p === page ? 'page' : undefined}
                    preventScrollReset
                  >
                    <Icon name={MEMBER_PAGE_ICONS[p]} size={18} />
                    <span className="member-centre__link-label">{label(p)}</span>
                    {count > 0 ? (
                      <span className="member-centre__badge" aria-label={t('badge_count', { count })}>
                        {count > 99 ? '99+' : count}
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <section className="member-centre__content" data-page={page}>
        <PageHeader title={label(page)} icon={MEMBER_PAGE_ICONS[page]} subtitle={t('member_centre')} />
        <Page />
      </section>
    </div>
  );
}
