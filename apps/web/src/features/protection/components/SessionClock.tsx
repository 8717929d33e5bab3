import { useEffect, useState } from 'react';
import '../protection.css';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/index.ts';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { useSession } from '../../../lib/session/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useProtectionStatus } from '../api/protection.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** Elapsed time as H:MM:SS. */
export const elapsedText = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
};
const SHOWN_KEY = 'lotus.previousLoginShown';

/**
 * The session clock in the header (UKGC RTS 13, GLI-19): time logged in, always visible while
 * logged in; after a login, the previous login's date, time and address once.
 */
export function SessionClock() {
  const { t } = useTranslation();
  const { token } = useSession();
  const brandTime = useBrandTime();
  const status = useProtectionStatus();
  const [now, setNow] = useState(() => Date.now());
  const started = status.data ? Date.parse(status.data.session.startedAt) : null;

  useEffect(() => {
    if (started === null) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [started]);

  const previous = status.data?.previousLogin;
  useEffect(() => {
    if (!status.data || !token) return;
    const mark = token.slice(0, 12);
    if (sessionStorage.getItem(SHOWN_KEY) === mark) return;
    sessionStorage.setItem(SHOWN_KEY, mark);
    if (previous) showToast(t('rg_previous_login', { time: brandTime.dateTime(previous.at), ip: previous.ip }), 'info');
  }, [status.data, previous, token, t, brandTime]);

  if (started === null) return null;
  const text = elapsedText(now - started);
  return (
    <span
      className="session-clock"
      data-testid="session-clock"
      title={t('rg_clock', { time: text })}
      role="timer"
      aria-label={t('rg_clock', { time: text })}
    >
      <Icon name="clock" size={14} />
      <span>{text}</span>
    </span>
  );
}
