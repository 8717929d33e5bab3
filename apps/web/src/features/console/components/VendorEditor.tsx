import type { providerAdminEndpoints, ResponseOf } from '@app/contract';
import { useState } from 'react';
import { Button, Checkbox, Input, Modal } from '../../../components/ui/index.ts';
import { useUpdateVendor } from '../api/updateVendor.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { isoToZoned, zonedToIso } from '../hooks/zonedTime.ts';
import { TextArea } from './TextArea.tsx';

type Vendor = ResponseOf<typeof providerAdminEndpoints.list>[number];

/**
 * A vendor's switches: on or off, and a maintenance window on the brand's clock with the message
 * players meet in place of its games. "Start now" opens a window with no end; "No maintenance"
 * clears it.
 */
export function VendorEditor({
  vendor,
  timeZone,
  onClose,
  t,
}: {
  vendor: Vendor;
  timeZone: string;
  onClose: () => void;
  t: ConsoleT;
}) {
  const update = useUpdateVendor();
  const [enabled, setEnabled] = useState(vendor.enabled);
  const [from, setFrom] = useState(vendor.maintenanceFrom ? isoToZoned(vendor.maintenanceFrom, timeZone) : '');
  const [until, setUntil] = useState(vendor.maintenanceUntil ? isoToZoned(vendor.maintenanceUntil, timeZone) : '');
  const [message, setMessage] = useState(vendor.maintenanceMessage);
  const fromIso = from ? zonedToIso(from, timeZone) : null;
  const untilIso = until ? zonedToIso(until, timeZone) : null;
  const badOrder = Boolean(fromIso && untilIso && new Date(fromIso) >= new Date(untilIso));
  const fieldError = (field: string) => update.error?.fields[field];

  const save = () =>
    update.mutate(
      {
        vassalage: vendor.vassalage,
        enabled,
        maintenanceFrom: fromIso,
        maintenanceUntil: untilIso,
        maintenanceMessage: message.trim(),
      },
      { onSuccess: onClose },
    );

  return (
    <Modal
      open
      onClose={onClose}
      title={t('cs_edit_vendor', { vendor: vendor.vassalage })}
      testId="vendor-editor"
      size="md"
      footer={
        <div className="console-actions">
          <Button variant="ghost" onClick={onClose}>
            {t('cs_cancel')}
          </Button>
          <Button onClick={save} disabled={badOrder} loading={update.isPending} data-testid="vendor-save">
            {t('cs_save')}
          </Button>
        </div>
      }
    >
      <div className="console-form console-form--wide">
        <Checkbox
          label={t('cs_vendor_enabled')}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          data-testid="vendor-enabled"
        />
        <fieldset className="console-options">
          <legend>{t('cs_maintenance')}</legend>
          <p className="console-muted">{t('cs_maintenance_hint', { zone: timeZone })}</p>
          <div className="console-row">
            <Input
              type="datetime-local"
              label={t('cs_maintenance_from')}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              error={fieldError('maintenanceFrom')}
              data-testid="vendor-from"
            />
            <Input
              type="datetime-local"
              label={t('cs_maintenance_until')}
              value={until}
              onChange={(e) => setUntil(e.target.value)}
              error={badOrder ? t('cs_window_order') : fieldError('maintenanceUntil')}
              data-testid="vendor-until"
            />
          </div>
          <div className="console-actions">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setFrom(isoToZoned(new Date().toISOString(), timeZone))}
              data-testid="vendor-now"
            >
              {t('cs_maintenance_now')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setFrom('');
                setUntil('');
              }}
              data-testid="vendor-lift"
            >
              {t('cs_maintenance_lift')}
            </Button>
          </div>
        </fieldset>
        <TextArea
          label={t('cs_maintenance_message')}
          hint={t('cs_maintenance_message_hint')}
          value={message}
          maxLength={500}
          onChange={(e) => setMessage(e.target.value)}
          error={fieldError('maintenanceMessage')}
          data-testid="vendor-message"
        />
        {update.error && !Object.keys(update.error.fields).length ? (
          <p className="field__error" role="alert">
            {update.error.message}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
