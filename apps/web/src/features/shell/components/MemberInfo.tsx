import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar, Icon, buttonClass } from '../../../components/ui/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { openModal, showToast } from '../../../lib/ui/index.ts';

const BALANCE_HIDDEN_KEY = 'balance.hidden';

export interface MemberInfoProps {
  /** Formatted balance once the wallet feature feeds it; null while unknown. */
  balance?: string | null;
  onRefreshBalance?: () => void;
  refreshing?: boolean;
  /** The game page hides the balance (spec §2). */
  hideBalance?: boolean;
  /** First entries of the menu, from other features (the points chip); not for trial accounts. */
  menuItems?: ReactNode;
}

/**
 * Logged-in header slot (spec §2): balance (hideable as ***, refreshable), deposit, avatar with
 * VIP label, account, user id with copy, and the member menu.
 */
export function MemberInfo({
  balance = null,
  onRefreshBalance,
  refreshing = false,
  hideBalance = false,
  menuItems,
}: MemberInfoProps) {
  const { t } = useTranslation();
  const { currencySymbol } = useWhitelabel();
  const { memberInfo, isAgent, isTrial, withdrawOnly } = useSession();
  const [hidden, setHidden] = useState(() => readStorage('local', BALANCE_HIDDEN_KEY) === '1');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  const toggleHidden = () => {
    setHidden((value) => {
      writeStorage('local', BALANCE_HIDDEN_KEY, value ? '0' : '1');
      return !value;
    });
  };

  const account = memberInfo?.nickname || memberInfo?.account || t('guest');
  const copyId = async () => {
    if (!memberInfo) return;
    try {
      await navigator.clipboard.writeText(memberInfo.id);
      showToast(t('copy_success'), 'success');
    } catch {
      showToast(memberInfo.id);
    }
  };

  return (
    <div className="member-info" data-testid="member-info">
      {hideBalance ? null : (
        <div
          className={`member-info__balance${isTrial ? ' member-info__balance--play' : ''}`}
          title={isTrial ? t('trial_money') : undefined}
        >
          <span className="visually-hidden">{t('balance')}</span>
          {isTrial ? (
            <span className="member-info__play-tag" aria-hidden="true">
              {t('trial_badge')}
            </span>
          ) : null}
          <span className="member-info__currency" aria-hidden="true">
            {currencySymbol}
          </span>
          <span className="member-info__amount" data-testid="balance">
            {hidden ? '***' : (balance ?? '—')}
          </span>
          <button
            type="button"
            className="member-info__icon-btn"
            onClick={toggleHidden}
            aria-pressed={hidden}
            aria-label={hidden ? t('balance_show') : t('balance_hide')}
          >
            <Icon name={hidden ? 'eyeOff' : 'eye'} size={16} />
          </button>
          <button
            type="button"
            className={`member-info__icon-btn member-info__refresh${refreshing ? ' member-info__icon-btn--spin' : ''}`}
            onClick={onRefreshBalance}
            disabled={!onRefreshBalance || refreshing}
            aria-label={t('balance_refresh')}
          >
            <Icon name="refresh" size={16} />
          </button>
        </div>
      )}
      {isTrial ? (
        // Play money is not money: a trial account is told so, and is offered no deposit.
        <span className="member-info__play-money" data-testid="play-money">
          {t('trial_money')}
        </span>
      ) : withdrawOnly ? null : (
        // A self-excluded player's withdraw-only session is offered no deposit (issue 24).
        <Link
          to="/member?page=depositv2"
          className={buttonClass('primary', 'sm', { className: 'member-info__deposit' })}
        >
          {t('nav_deposit')}
        </Link>
      )}
      <div className="member-info__menu" ref={menuRef}>
        <button
          type="button"
          className="member-info__avatar"
          aria-expanded={menuOpen}
          aria-controls="member-menu"
          aria-label={`${t('my_account')}: ${account}`}
          onClick={() => setMenuOpen((v) => !v)}
          data-testid="member-avatar"
        >
          <Avatar
            avatar={memberInfo?.avatar}
            size={36}
            label={isTrial ? t('trial_badge') : (memberInfo?.vipLabelName ?? null)}
          />
          <span className="member-info__who" aria-hidden="true">
            <span className="member-info__account" data-testid="member-account">
              {account}
            </span>
            {memberInfo ? <span className="member-info__id">ID {memberInfo.id}</span> : null}
          </span>
          <Icon name="chevronDown" size={14} className="member-info__caret" />
        </button>
        {menuOpen ? (
          <div id="member-menu" className="member-menu">
            <div className="member-menu__head">
              <span className="member-menu__name">{account}</span>
              {memberInfo ? (
                <button
                  type="button"
                  className="member-menu__id"
                  onClick={() => void copyId()}
                  aria-label={t('copy_user_id')}
                  data-testid="copy-user-id"
                >
                  {t('user_id')}: {memberInfo.id}
                  <Icon name="copy" size={14} />
                </button>
              ) : null}
            </div>
            <ul className="member-menu__list" onClick={() => setMenuOpen(false)}>
              {menuItems && !isTrial ? <li>{menuItems}</li> : null}
              <li>
                <Link className="member-menu__item" to="/member">
                  <Icon name="user" size={16} /> {t('my_account')}
                </Link>
              </li>
              <li>
                <Link className="member-menu__item" to="/member?page=messageV2">
                  <Icon name="message" size={16} /> {t('platform_messages')}
                </Link>
              </li>
              <li>
                <Link className="member-menu__item" to="/member?page=feedback" data-testid="menu-feedback">
                  <Icon name="edit" size={16} /> {t('mc_feedback')}
                </Link>
              </li>
              {isAgent ? (
                <li>
                  <Link className="member-menu__item" to="/agentHome">
                    <Icon name="users" size={16} /> {t('nav_agent')}
                  </Link>
                </li>
              ) : null}
              <li>
                <button
                  type="button"
                  className="member-menu__item"
                  onClick={() => openModal('confirmLogout', {})}
                  data-testid="logout-button"
                >
                  <Icon name="logout" size={16} /> {t('logout')}
                </button>
              </li>
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}
