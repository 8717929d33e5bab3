import { useState } from 'react';
import { Link } from 'react-router';
import { Button, EmptyState, Icon, PageHeader, Skeleton } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useMirrorDomains } from '../api/mirrors.ts';
import { useGuideText, type GuideT } from '../hooks/useGuideText.ts';
import '../guides.css';

const hrefOf = (host: string) => `https://${host}/`;

function CopyHost({ host, t }: { host: string; t: GuideT }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="sm"
      variant="secondary"
      leadingIcon={<Icon name={copied ? 'check' : 'copy'} size={16} />}
      aria-label={t('mr_copy_label', { host })}
      data-testid="mirror-copy"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(host);
          setCopied(true);
          showToast(t('mr_copied', { host }), 'success');
        } catch {
          showToast(host, 'info');
        }
      }}
    >
      {copied ? t('mr_copied_short') : t('mr_copy')}
    </Button>
  );
}

/**
 * /mirrors (spec §1, §2 "Mirror sites page"): the brand's other addresses with their state, the one
 * the player is on now, and a copy button and a new-tab link for each. Retired mirrors are not listed.
 */
export function MirrorsPage() {
  const { t, ready } = useGuideText();
  const { siteName } = useWhitelabel();
  const mirrors = useMirrorDomains();
  if (!ready) return <div className="guide" aria-busy="true" />;
  const here = globalThis.location.hostname;
  const list = mirrors.data?.domains ?? [];

  return (
    <div className="guide mirrors" data-testid="mirrors-page">
      <PageHeader title={t('mr_title')} subtitle={t('mr_intro', { site: siteName })} icon="globe" />

      <section className="guide-card mirrors-here" aria-labelledby="mirrors-here">
        <h2 id="mirrors-here" className="guide-card__title">
          {t('mr_current')}
        </h2>
        <p className="mirrors-here__host" data-testid="mirror-current">
          <Icon name="shield" size={18} />
          <strong>{here}</strong>
        </p>
        <p className="guide-muted">{t('mr_current_hint')}</p>
      </section>

      <section className="guide-card" aria-labelledby="mirrors-list">
        <h2 id="mirrors-list" className="guide-card__title">
          {t('mr_list_title')}
        </h2>
        {mirrors.isPending ? (
          <div className="mirrors-list" aria-busy="true">
            <Skeleton height={56} radius={12} />
            <Skeleton height={56} radius={12} />
          </div>
        ) : mirrors.error ? (
          <p className="field__error" role="alert" data-testid="mirrors-error">
            {mirrors.error.message}
          </p>
        ) : list.length === 0 ? (
          <EmptyState icon="globe" title={t('mr_empty')} description={t('mr_empty_hint')} />
        ) : (
          <ul className="mirrors-list" data-testid="mirror-list">
            {list.map((m) => (
              <li
                key={m.host}
                className={`mirror mirror--${m.status}`}
                data-testid="mirror-item"
                data-host={m.host}
                data-status={m.status}
              >
                <span className="mirror__host">
                  <Icon name="globe" size={18} />
                  <span>{m.host}</span>
                  {m.host === here ? <span className="mirror__here">{t('mr_you_are_here')}</span> : null}
                </span>
                <span className={`mirror__status mirror__status--${m.status}`} data-testid="mirror-status">
                  {t(m.status === 'active' ? 'mr_status_active' : 'mr_status_maintenance')}
                </span>
                <span className="mirror__actions">
                  <CopyHost host={m.host} t={t} />
                  <a
                    className="mirror__open"
                    href={hrefOf(m.host)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('mr_open_label', { host: m.host })}
                    data-testid="mirror-open"
                  >
                    {t('mr_open')}
                    <Icon name="chevronRight" size={16} />
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="guide-more">
          {t('mr_tip')} <Link to="/download">{t('mr_app_link')}</Link>
        </p>
      </section>
    </div>
  );
}
