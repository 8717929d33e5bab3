import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, EmptyState, Icon, Spinner, buttonClass } from '../../../components/ui/index.ts';
import { useBrandMoney } from '../../../lib/money/index.ts';
import { isProtectionRefusal, protectionRefusalText } from '../../../lib/protection.ts';
import { useSession } from '../../../lib/session/index.ts';
import { openModal, showToast } from '../../../lib/ui/index.ts';
import { useGameLaunch } from '../api/gameLaunch.ts';
import { useWalletTransfer } from '../api/walletTransfer.ts';
import { useLaunchCdn } from '../hooks/useLaunchCdn.ts';
import '../games.css';

/**
 * /seamless: the game room (spec §2). It launches the game (a one-time token), then hosts the
 * vendor's game in a frame from a launch CDN base; the header hides the balance meanwhile (the
 * game shows its own). A vendor under maintenance shows its message instead.
 */
export function SeamlessPage({
  overlay,
}: {
  /** Shown over real-money play (the reality check), given the game's frame to tell it to pause. */
  overlay?: (frame: RefObject<HTMLIFrameElement | null>) => ReactNode;
} = {}) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const brandTime = useBrandTime();
  const cdn = useLaunchCdn();
  const nodeId = Number(params.get('gameId'));
  const demo = params.get('demo') === '1';
  const launch = useGameLaunch(nodeId, demo, i18n.language);
  const transfer = useWalletTransfer();
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const money = useBrandMoney();
  const err = launch.error;

  // Some refusals are directions: a lottery's own page, a provider's game list, the login popup.
  useEffect(() => {
    if (!err) return;
    const value = (err.value ?? {}) as { route?: string; vassalage?: string };
    if (err.code === 'LOTTERY_ROUTE' && value.route) void navigate(value.route, { replace: true });
    else if (err.code === 'VENDOR_ENTRY' && value.vassalage)
      void navigate(`/rng?vassalage=${encodeURIComponent(value.vassalage)}`, { replace: true });
    else if (err.isUnauthenticated) openModal('login', { redirectTo: `/seamless?${params.toString()}` });
  }, [err, navigate, params]);

  const close = async () => {
    if (launch.data?.walletModel === 'transfer' && isLoggedIn) {
      try {
        await transfer.mutateAsync({ body: {} });
      } catch {
        showToast(t('game_transfer_failed'), 'error');
      }
    }
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };

  if (!Number.isInteger(nodeId) || nodeId <= 0) {
    return (
      <EmptyState
        icon="gamepad"
        title={t('seamless_info')}
        action={
          <Link to="/" className={buttonClass('primary')}>
            {t('game_back_lobby')}
          </Link>
        }
      />
    );
  }
  if (err) {
    const value = (err.value ?? {}) as { until?: string | null; message?: string };
    if (err.code === 'VENDOR_MAINTENANCE' || err.code === 'VENDOR_DISABLED') {
      return (
        <div className="game-room game-room--notice" data-testid="vendor-maintenance" role="alert">
          <Icon name="alert" size={40} />
          <h1>{t('game_maintenance_title')}</h1>
          <p className="game-room__message" data-testid="vendor-maintenance-message">
            {err.message}
          </p>
          {value.until ? (
            <p className="muted">{t('game_maintenance_until', { time: brandTime.dateTime(value.until) })}</p>
          ) : null}
          <Link to="/" className={buttonClass('primary')}>
            {t('game_back_lobby')}
          </Link>
        </div>
      );
    }
    const message =
      err.code === 'TRIAL_NOT_ALLOWED'
        ? t('in_need_true_account')
        : isProtectionRefusal(err.code)
          ? protectionRefusalText(err, t, money, brandTime.dateTime)
          : err.isUnauthenticated
            ? t('not_logged_in')
            : err.message || t('game_unavailable');
    return (
      <div className="game-room game-room--notice" role="alert" data-testid="game-refused">
        <h1>{t('game_unavailable')}</h1>
        <p className="game-room__message">{message}</p>
        <Link to="/" className={buttonClass('primary')}>
          {t('game_back_lobby')}
        </Link>
      </div>
    );
  }
  if (!launch.data) {
    return (
      <div className="game-room game-room--notice" aria-busy="true">
        <Spinner />
        <p>{t('game_loading')}</p>
      </div>
    );
  }
  const g = launch.data;
  return (
    <div className="game-room" data-testid="game-room">
      <div className="game-room__bar">
        <Button size="sm" variant="outline" onClick={() => void close()} aria-label={t('game_close')}>
          <Icon name="arrowLeft" size={16} />
          <span className="game-room__bar-label">{t('game_close')}</span>
        </Button>
        <h1 className="game-room__title" title={g.gameName} data-testid="game-room-title">
          {g.gameName}
        </h1>
        <div className="game-room__actions">
          {isLoggedIn && !g.demo ? (
            <Link
              to="/member?page=personalHistoryCopy"
              className={buttonClass('outline', 'sm')}
              aria-label={t('game_history')}
              data-testid="game-history-link"
            >
              <Icon name="history" size={16} />
              <span className="game-room__bar-label">{t('game_history')}</span>
            </Link>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            aria-label={t('game_fullscreen')}
            onClick={() => void stage.current?.requestFullscreen?.()}
          >
            <Icon name="expand" size={16} />
            <span className="game-room__bar-label">{t('game_fullscreen')}</span>
          </Button>
        </div>
      </div>
      {/* Play money is said once, in words, here; the game may show its own badge inside the frame. */}
      {g.demo ? (
        <p className="game-room__demo" data-testid="game-demo-note">
          {t('game_demo_note')}
        </p>
      ) : null}
      <div className="game-room__stage" ref={stage}>
        <iframe
          ref={frame}
          src={`${cdn}${g.launchPath}`}
          title={t('game_frame_title', { game: g.gameName })}
          allow="fullscreen; autoplay; clipboard-write"
          allowFullScreen
          data-testid="game-frame"
        />
      </div>
      {isLoggedIn && !g.demo && overlay ? overlay(frame) : null}
    </div>
  );
}
