import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zonedParts } from '../../lib/format/datetime.ts';

/** Spec §2/§9: the agent header clock, GMT offset and time in the merchant's zone, every second. */
export function AgentClock({ timeZone }: { timeZone?: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const { date, time, offset } = zonedParts(now, timeZone);
  return (
    <div className="agent-clock">
      <span className="visually-hidden">{t('agent_clock')}</span>
      <span className="agent-clock__offset">{offset}</span>
      <time className="agent-clock__time" dateTime={now.toISOString()} data-testid="agent-clock">
        {date} {time}
      </time>
    </div>
  );
}
