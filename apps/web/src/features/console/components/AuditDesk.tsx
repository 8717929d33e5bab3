import { useState } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useAuditLog } from '../api/operators.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskTable, Pager, Time } from './parts.tsx';

const PAGE_SIZE = 50;
const PRESETS = [
  ['', 'cs_audit_all'],
  ['session.', 'cs_audit_logins'],
  ['session.login_failed', 'cs_audit_failed'],
  ['operator.', 'cs_audit_operators'],
] as const;

/** What the detail of an entry says, shortly: its fields as "key: value". */
const detailText = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' · ');

/** The audit log (admin): every operator action and every console login, newest first. */
export function AuditDesk({ t }: { t: ConsoleT }) {
  const { timezone } = useWhitelabel();
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const q = useAuditLog({ page, pageSize: PAGE_SIZE, ...(action ? { action } : {}) });
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) : 1;
  return (
    <section aria-label={t('cs_audit')} data-testid="console-audit-desk">
      <div className="console-filters">
        <div className="console-segment" role="group" aria-label={t('cs_audit_filter')}>
          {PRESETS.map(([value, label]) => (
            <Button
              key={label}
              size="sm"
              variant={action === value ? 'primary' : 'secondary'}
              aria-pressed={action === value}
              onClick={() => {
                setAction(value);
                setPage(1);
              }}
            >
              {t(label)}
            </Button>
          ))}
        </div>
        <form
          className="console-search"
          onSubmit={(e) => {
            e.preventDefault();
            setAction(String(new FormData(e.currentTarget).get('action') ?? '').trim());
            setPage(1);
          }}
        >
          <Input
            name="action"
            label={t('cs_audit_action')}
            hideLabel
            placeholder={t('cs_audit_action')}
            icon="search"
          />
        </form>
      </div>
      {q.error ? (
        <p className="field__error" role="alert">
          {q.error.message}
        </p>
      ) : null}
      {!q.data && !q.error ? <p className="console-muted">{t('cs_loading')}</p> : null}
      {q.data ? (
        <DeskTable
          testId="console-audit"
          caption={t('cs_audit')}
          columns={[
            { label: t('cs_time') },
            { label: t('cs_audit_who') },
            { label: t('cs_audit_action') },
            { label: t('cs_audit_target') },
            { label: t('cs_audit_detail'), wide: true },
            { label: t('cs_audit_ip') },
          ]}
          empty={!q.data.list.length}
          busy={q.isFetching}
          t={t}
        >
          {q.data.list.map((e) => (
            <tr key={e.id} data-testid="audit-row" data-action={e.action}>
              <td>
                <Time iso={e.at} timeZone={timezone} />
              </td>
              <td>{e.operator ?? <span className="console-muted">—</span>}</td>
              <td>
                <code>{e.action}</code>
              </td>
              <td>{e.target || '—'}</td>
              <td className="console-small">{detailText(e.detail) || '—'}</td>
              <td>{e.ip}</td>
            </tr>
          ))}
        </DeskTable>
      ) : null}
      <Pager page={page} totalPages={pages} onPage={setPage} t={t} />
    </section>
  );
}
