import { sessionRoutes } from '@app/contract/routes/session';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Modal, Spinner } from '../../../components/ui/index.ts';
import { call } from '../../../lib/api/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { clearSession } from '../../../lib/session/index.ts';
import { useProtectionStatus, useSessionFigures } from '../api/protection.ts';

/** What the game frame is told: pause while the reality check is open, resume after (any vendor may listen). */
export const PAUSE_MESSAGE = { type: 'lotus:pause', reason: 'reality-check' } as const;
export const RESUME_MESSAGE = { type: 'lotus:resume' } as const;

/** The first multiple of the interval after `now`, counted from the session's start. */
export const nextCheckAt = (startedAt: number, intervalMs: number, now: number) =>
  startedAt + (Math.floor((now - startedAt) / intervalMs) + 1) * intervalMs;

/**
 * The reality check during real-money play (UKGC RTS 13, MGA, GLI-19): every N minutes of the
 * session (the player's choice, else the brand's default) a dialog shows the time logged in and
 * this session's stakes, wins and net result, with continue, view history and log out. The game is
 * paused meanwhile: the dialog covers it and the frame is told (`lotus:pause` / `lotus:resume`).
 */
export function RealityCheck({ frame }: { frame: RefObject<HTMLIFrameElement | null> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useBrandMoney();
  const status = useProtectionStatus();
  const [open, setOpen] = useState(false);
  const figures = useSessionFigures(open);
  const due = useRef<number | null>(null);
  const startedAt = status.data ? Date.parse(status.data.session.startedAt) : null;
  const intervalMs = (status.data?.realityCheck.minutes ?? 60) * 60_000;

  useEffect(() => {
    if (startedAt === null) return;
    due.current = nextCheckAt(startedAt, intervalMs, Date.now());
    const id = window.setInterval(() => {
      if (due.current !== null && Date.now() >= due.current) {
        due.current = null;
        setOpen(true);
      }
    }, 1000);
    return () => window.clearInterval(id);
  }, [startedAt, intervalMs]);

  useEffect(() => {
    frame.current?.contentWindow?.postMessage(open ? PAUSE_MESSAGE : RESUME_MESSAGE, '*');
  }, [open, frame]);

  const carryOn = () => {
    due.current = nextCheckAt(startedAt ?? Date.now(), intervalMs, Date.now());
    setOpen(false);
  };
  const logOut = () => {
    void call(sessionRoutes.logout).catch(() => undefined);
    clearSession();
    void navigate('/');
  };

  const f = figures.data;
  return (
    <Modal open={open} onClose={carryOn} dismissible={false} title={t('rc_title')} size="sm" testId="reality-check">
      {f ? (
        <div className="reality-check">
          <p data-testid="reality-check-time">{t('rc_played', { minutes: f.minutes })}</p>
          <dl className="reality-check__figures">
            <dt>{t('rc_staked')}</dt>
            <dd data-testid="reality-check-staked">{formatMoney(f.wagered, money)}</dd>
            <dt>{t('rc_returned')}</dt>
            <dd>{formatMoney(f.returned, money)}</dd>
            <dt>{t('rc_net')}</dt>
            <dd data-testid="reality-check-net" className={f.net.startsWith('-') ? 'is-loss' : 'is-win'}>
              {formatMoney(f.net, money)}
            </dd>
          </dl>
          <p className="rg__muted">{t('rc_paused')}</p>
        </div>
      ) : (
        <Spinner />
      )}
      <div className="reality-check__actions">
        <Button variant="outline" onClick={logOut} data-testid="reality-check-logout">
          {t('rc_logout')}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            setOpen(false);
            void navigate('/member?page=personalHistoryCopy');
          }}
          data-testid="reality-check-history"
        >
          {t('rc_history')}
        </Button>
        <Button onClick={carryOn} data-testid="reality-check-continue">
          {t('rc_continue')}
        </Button>
      </div>
    </Modal>
  );
}
