import { MIRROR_STATUSES, type MirrorStatus, type OperatorDomain } from '@app/contract';
import { useState } from 'react';
import { Button, Icon, Input } from '../../../components/ui/index.ts';
import { useOperatorSession } from '../api/client.ts';
import { useCreateDomain, useDeleteDomain, useDomains, useSetDomainOrder, useUpdateDomain } from '../api/domains.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskCard, DeskTable } from './parts.tsx';

const STATUS_KEY = {
  active: 'cs_domain_active',
  maintenance: 'cs_domain_maintenance',
  retired: 'cs_domain_retired',
} as const;

/**
 * The brand's mirror domains (decision 058): add one, set its state (active, maintenance, retired:
 * players see the first two on the mirror sites page), move it up or down, or remove it.
 */
export function DomainsDesk({ t }: { t: ConsoleT }) {
  const role = useOperatorSession()?.role;
  const mayEdit = role === 'admin' || role === 'content';
  const q = useDomains();
  const create = useCreateDomain();
  const update = useUpdateDomain();
  const remove = useDeleteDomain();
  const order = useSetDomainOrder();
  const [host, setHost] = useState('');
  const [done, setDone] = useState('');
  const busy = create.isPending || update.isPending || remove.isPending || order.isPending;
  const list = q.data ?? [];
  const failure = update.error ?? remove.error ?? order.error;

  const reset = () => {
    create.reset();
    update.reset();
    remove.reset();
    order.reset();
    setDone('');
  };

  const move = (d: OperatorDomain, step: -1 | 1) => {
    const ids = list.map((x) => x.id);
    const from = ids.indexOf(d.id);
    [ids[from], ids[from + step]] = [ids[from + step]!, ids[from]!];
    reset();
    order.mutate(ids, { onSuccess: () => setDone(t('cs_domain_moved', { host: d.host, position: from + step + 1 })) });
  };

  const setStatus = (d: OperatorDomain, status: MirrorStatus) => {
    reset();
    update.mutate(
      { id: d.id, status },
      { onSuccess: () => setDone(t('cs_domain_status_saved', { host: d.host, status: t(STATUS_KEY[status]) })) },
    );
  };

  return (
    <div className="console-panel">
      {!mayEdit ? <p className="console-muted">{t('cs_domains_content_only')}</p> : null}
      <DeskCard id="domains-add" title={t('cs_domain_add')} hint={t('cs_domain_add_hint')} testId="domains-add">
        <form
          className="console-form console-form--inline"
          onSubmit={(e) => {
            e.preventDefault();
            reset();
            create.mutate(
              { host: host.trim() },
              {
                onSuccess: (d) => {
                  setHost('');
                  setDone(t('cs_domain_added', { host: d.host }));
                },
              },
            );
          }}
        >
          <Input
            label={t('cs_domain_host')}
            placeholder="mirror.example.com"
            value={host}
            onChange={(e) => setHost(e.target.value)}
            error={create.error ? (create.error.fields.host ?? create.error.message) : undefined}
            disabled={!mayEdit}
            autoComplete="off"
            spellCheck={false}
            data-testid="domain-host"
          />
          <Button type="submit" loading={create.isPending} disabled={!mayEdit || !host.trim()} data-testid="domain-add">
            {t('cs_domain_add_button')}
          </Button>
        </form>
      </DeskCard>

      <DeskCard id="domains-list" title={t('cs_domains')} hint={t('cs_domains_hint')} testId="domains-card">
        {q.error ? (
          <p className="field__error" role="alert">
            {q.error.message}
          </p>
        ) : null}
        {q.isPending && !q.error ? <p className="console-muted">{t('cs_loading')}</p> : null}
        {q.data ? (
          <DeskTable
            testId="domains-table"
            caption={t('cs_domains')}
            columns={[
              { label: '#', numeric: true },
              { label: t('cs_domain_host'), wide: true },
              { label: t('cs_domain_status') },
              { label: t('cs_order') },
              { label: t('cs_domain_remove') },
            ]}
            empty={!list.length}
            emptyText={t('cs_domains_empty')}
            compact
            t={t}
          >
            {list.map((d, i) => (
              <tr key={d.id} data-testid="domain-row" data-host={d.host} data-status={d.status}>
                <td className="console-num">{i + 1}</td>
                <td>
                  <strong className="console-name">{d.host}</strong>
                </td>
                <td>
                  <select
                    className="console-select"
                    aria-label={t('cs_domain_status_of', { host: d.host })}
                    value={d.status}
                    disabled={!mayEdit || busy}
                    onChange={(e) => setStatus(d, e.target.value as MirrorStatus)}
                    data-testid="domain-status"
                  >
                    {MIRROR_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {t(STATUS_KEY[s])}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <div className="console-order">
                    {([-1, 1] as const).map((step) => (
                      <Button
                        key={step}
                        size="sm"
                        variant="secondary"
                        iconOnly
                        aria-label={t(step < 0 ? 'cs_move_up' : 'cs_move_down', { vendor: d.host })}
                        disabled={!mayEdit || busy || (step < 0 ? i === 0 : i === list.length - 1)}
                        onClick={() => move(d, step)}
                        data-testid={step < 0 ? 'domain-up' : 'domain-down'}
                      >
                        <Icon name="chevronDown" size={16} className={step < 0 ? 'console-flip' : undefined} />
                      </Button>
                    ))}
                  </div>
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={!mayEdit || busy}
                    onClick={() => {
                      if (!globalThis.confirm(t('cs_domain_remove_confirm', { host: d.host }))) return;
                      reset();
                      remove.mutate(d.id, { onSuccess: () => setDone(t('cs_domain_removed', { host: d.host })) });
                    }}
                    data-testid="domain-remove"
                  >
                    {t('cs_domain_remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </DeskTable>
        ) : null}
        {failure ? (
          <p className="field__error" role="alert" data-testid="domains-error">
            {failure.message}
          </p>
        ) : null}
        <p className="console-ok" role="status" data-testid="domains-status">
          {done}
        </p>
      </DeskCard>
    </div>
  );
}
