import type { providerAdminEndpoints, ResponseOf } from '@app/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useOperatorSession } from '../api/client.ts';
import { useReconcileVendor } from '../api/reconcileVendor.ts';
import { useVendorList } from '../api/vendorList.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskTable, Time } from './parts.tsx';
import { VendorEditor } from './VendorEditor.tsx';

type Vendor = ResponseOf<typeof providerAdminEndpoints.list>[number];

function Window({ v, timeZone, t }: { v: Vendor; timeZone: string; t: ConsoleT }) {
  if (!v.maintenanceFrom && !v.maintenanceUntil) return <span className="console-muted">{t('cs_no_window')}</span>;
  return (
    <span className="console-window">
      {v.maintenanceFrom ? (
        <span>
          {t('cs_window_from')} <Time iso={v.maintenanceFrom} timeZone={timeZone} />
        </span>
      ) : null}
      <span>
        {v.maintenanceUntil ? (
          <>
            {t('cs_window_until')} <Time iso={v.maintenanceUntil} timeZone={timeZone} />
          </>
        ) : (
          t('cs_window_open_end')
        )}
      </span>
    </span>
  );
}

/**
 * The brand's game providers (issue 6): each vendor's integration, wallet model and state now;
 * an administrator switches a vendor off or schedules its maintenance with the players' message;
 * transfer-wallet vendors can be reconciled against their own books.
 */
export function VendorsDesk({ t }: { t: ConsoleT }) {
  const { timezone } = useWhitelabel();
  const session = useOperatorSession();
  const q = useVendorList();
  const reconcile = useReconcileVendor();
  const [editing, setEditing] = useState<Vendor | null>(null);
  const isAdmin = session?.role === 'admin';
  const mayReconcile = isAdmin || session?.role === 'finance';
  const result = reconcile.data;
  return (
    <section aria-label={t('cs_vendors')}>
      {!isAdmin ? <p className="console-muted">{t('cs_admin_only')}</p> : null}
      {q.error ? (
        <p className="field__error" role="alert">
          {q.error.message}
        </p>
      ) : null}
      {q.isPending ? <p className="console-muted">{t('cs_loading')}</p> : null}
      {reconcile.error ? (
        <p className="field__error" role="alert">
          {reconcile.error.message}
        </p>
      ) : null}
      {result ? (
        <div className="console-card" role="status" data-testid="vendor-reconciled">
          <p>
            {t('cs_reconciled', {
              vendor: result.vassalage,
              checked: result.checkedTransfers,
              resolved: result.resolvedPending,
              mismatches: result.mismatches.length,
            })}
          </p>
          {result.mismatches.length ? (
            <ul>
              {result.mismatches.map((m) => (
                <li key={m.transferId}>
                  {t('cs_mismatch', { id: m.transferId, member: m.memberId, ours: m.ours, theirs: m.theirs })}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <DeskTable
        testId="console-vendors"
        caption={t('cs_vendors')}
        columns={[
          { label: t('cs_vendor') },
          { label: t('cs_integration') },
          { label: t('cs_wallet_model') },
          { label: t('cs_status') },
          { label: t('cs_maintenance') },
          { label: t('cs_actions') },
        ]}
        empty={Boolean(q.data && !q.data.length)}
        t={t}
      >
        {q.data?.map((v) => (
          <tr key={v.vassalage} data-testid={`console-vendor-${v.vassalage}`}>
            <td>
              <strong>{v.vassalage}</strong>
            </td>
            <td>
              {v.provider === 'NONE' ? (
                <span className="console-muted">{t('cs_not_connected')}</span>
              ) : (
                `${v.provider} · ${v.adapter}`
              )}
            </td>
            <td>{t(v.walletModel === 'transfer' ? 'cs_wallet_transfer' : 'cs_wallet_seamless')}</td>
            <td>
              <span
                className={`console-status console-status--${v.state}`}
                data-state={v.state}
                data-testid="vendor-state"
              >
                {t(`cs_state_${v.state}`)}
              </span>
            </td>
            <td>
              <Window v={v} timeZone={timezone} t={t} />
              {v.maintenanceMessage ? <p className="console-muted console-clamp">{v.maintenanceMessage}</p> : null}
            </td>
            <td>
              <div className="console-actions">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!isAdmin}
                  onClick={() => setEditing(v)}
                  data-testid="vendor-edit"
                >
                  {t('cs_edit')}
                </Button>
                {v.walletModel === 'transfer' ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={!mayReconcile}
                    loading={reconcile.isPending && reconcile.variables === v.vassalage}
                    onClick={() => reconcile.mutate(v.vassalage)}
                    data-testid="vendor-reconcile"
                  >
                    {t('cs_reconcile')}
                  </Button>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </DeskTable>
      {editing ? <VendorEditor vendor={editing} timeZone={timezone} onClose={() => setEditing(null)} t={t} /> : null}
    </section>
  );
}
