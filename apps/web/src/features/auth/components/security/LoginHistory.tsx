import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../../components/ui/index.ts';
import { useLoginHistory } from '../../api/logins.ts';
import { useBrandTime } from '../../../../lib/format/useBrandTime.ts';

const METHODS = ['username', 'sms', 'google', 'facebook', 'freeplay', 'register'] as const;

/** Recent logins (spec: record every login — time, IP, device; show the previous one). */
export function LoginHistory() {
  const { t } = useTranslation();
  const { data, isLoading } = useLoginHistory();
  const when = useBrandTime().dateTime;
  const device = (ua: string) => {
    const browser = /(Edg|OPR|Chrome|Firefox|Safari)\/[\d.]+/
      .exec(ua)?.[1]
      ?.replace('Edg', 'Edge')
      .replace('OPR', 'Opera');
    const os = /(Android|iPhone|iPad|Windows|Mac OS X|Linux)/.exec(ua)?.[1]?.replace('Mac OS X', 'macOS');
    return [browser, os].filter(Boolean).join(' · ') || t('sc_history_unknown_device');
  };
  return (
    <section className="sc-card" aria-labelledby="sc-history-title">
      <h2 id="sc-history-title" className="sc-card__title">
        {t('sc_history')}
      </h2>
      {isLoading ? (
        <Skeleton height={120} />
      ) : (
        <div className="sc-table-wrap">
          <table className="sc-table" data-testid="login-history">
            <thead>
              <tr>
                <th scope="col">{t('sc_history_time')}</th>
                <th scope="col">{t('sc_history_ip')}</th>
                <th scope="col">{t('sc_history_device')}</th>
                <th scope="col">{t('sc_history_method')}</th>
                <th scope="col">{t('sc_history_result')}</th>
              </tr>
            </thead>
            <tbody>
              {(data ?? []).map((row, i) => (
                <tr key={`${row.at}-${i}`}>
                  <td>{when(row.at)}</td>
                  <td>
                    {row.ip}
                    {row.country ? <span className="sc-table__muted"> · {row.country}</span> : null}
                  </td>
                  <td>{device(row.device)}</td>
                  <td>
                    {(METHODS as readonly string[]).includes(row.method)
                      ? t(`method_${row.method as (typeof METHODS)[number]}`)
                      : row.method}
                  </td>
                  <td>
                    <span className={`sc-pill ${row.success ? 'sc-pill--ok' : 'sc-pill--bad'}`}>
                      {row.success ? t('sc_history_ok') : t('sc_history_failed')}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
