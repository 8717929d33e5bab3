import { useState } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useAuditLog } from '../api/operators.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskTable, Pager, Segment, Time } from './parts.tsx';

const PAGE_SIZE = 50;
const PRESETS = [
  ['', 'cs_audit_all'],
  ['session.', 'cs_audit_logins'],
  ['session.login_failed', 'cs_audit_failed'],
  ['operator.', 'cs_audit_operators'],
  ['member.', 'au_members'],
] as const;

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** What the detail of an entry says, shortly: its fields as "key: value", a change as "before → after". */
const detailText = (detail: Record<string, unknown>) => {
  const { before, after, ...rest } = detail as { before?: unknown; after?: unknown } & Record<string, unknown>;
  const parts = Object.entries(rest).map(([k, v]) => `${k}: ${text(v)}`);
  const b = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === 'object' ? (after as Record<string, unknown>) : {};
  for (const k of new Set([...Object.keys(b), ...Object.keys(a)])) {
    parts.push(`${k}: ${k in b ? text(b[k]) : '—'} → ${k in a ? text(a[k]) : '—'}`);
  }
  return parts.join(' · ');
};

/**
 * The audit log (admin), read-only: every operator action and every console login, newest first,
 * with who, when, from where and what changed; filtered by action, operator and member.
 */
export function AuditDesk({ t }: { t: ConsoleT }) {
  const { timezone } = useWhitelabel();
  const [action, setAction] = useState('');
  const [operator, setOperator] = useState('');
  const [member, setMember] = useState('');
  const [page, setPage] = useState(1);
  const memberId = /^\d{1,10}$/.test(member) ? Number(member) : undefined;
  const q = useAuditLog({
    page,
    pageSize: PAGE_SIZE,
    ...(action ? { action } : {}),
    ...(operator ? { operator } : {}),
    ...(memberId ? { member: memberId } : {}),
  });
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) : 1;
  return (
    <section aria-label={t('cs_audit')} data-testid="console-audit-desk">
      <div className="console-filters">
        <Segment
          label={t('cs_audit_filter')}
          options={PRESETS.map(([value, label]) => ({ value, label: t(label) }))}
          value={action}
          onChange={(value) => {
            setAction(value);
            setPage(1);
          }}
        />
        <form
          className="audit-filters"
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            setAction(String(f.get('action') ?? '').trim());
            setOperator(String(f.get('operator') ?? '').trim());
            setMember(String(f.get('member') ?? '').trim());
            setPage(1);
          }}
          data-testid="audit-filters"
        >
          <Input
            key={action}
            name="action"
            label={t('cs_audit_action')}
            defaultValue={action}
            placeholder="member."
            data-testid="audit-filter-action"
          />
          <Input name="operator" label={t('au_operator')} data-testid="audit-filter-operator" />
          <Input
            name="member"
            label={t('au_member')}
            inputMode="numeric"
            pattern="[0-9]*"
            data-testid="audit-filter-member"
          />
          <Button type="submit" size="sm" data-testid="audit-filter-go">
            {t('au_filter')}
          </Button>
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
