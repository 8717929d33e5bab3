import type { GameType } from '@app/contract';
import { useRef, useState } from 'react';
import { Button, Icon } from '../../../components/ui/index.ts';
import {
  useCatalogueVendors,
  useSetVendorEnabled,
  useSetVendorOrder,
  type CatalogueVendor,
} from '../api/catalogVendors.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { useKeepFocus } from '../hooks/useKeepFocus.ts';
import { OnOffSwitch } from './OnOffSwitch.tsx';
import { DeskCard, DeskTable } from './parts.tsx';

type Step = 'up' | 'down';
const moveButton = (vassalage: string, step: Step) => `[data-move="${step}"][data-vendor="${CSS.escape(vassalage)}"]`;

/**
 * One game type's vendors in the order the lobby shows them: move one up or down (the whole order
 * is saved), or switch it out of this part of the lobby and back.
 */
export function LobbyOrder({ gameType, mayArrange, t }: { gameType: GameType; mayArrange: boolean; t: ConsoleT }) {
  const q = useCatalogueVendors(gameType);
  const order = useSetVendorOrder();
  const toggle = useSetVendorEnabled();
  const [done, setDone] = useState('');
  const [clicked, setClicked] = useState('');
  const frame = useRef<HTMLElement>(null);
  const saving = order.isPending || toggle.isPending;
  const keep = useKeepFocus(frame, saving);
  const list = q.data ?? [];
  const type = t(`cs_type_${gameType}`);
  const failure = order.error ?? toggle.error;

  const start = () => {
    order.reset();
    toggle.reset();
    setDone('');
  };

  const move = (v: CatalogueVendor, step: Step) => {
    const from = list.indexOf(v);
    const to = step === 'up' ? from - 1 : from + 1;
    const codes = list.map((x) => x.vassalage);
    [codes[from], codes[to]] = [codes[to]!, codes[from]!];
    start();
    setClicked(`${v.vassalage}:${step}`);
    keep(moveButton(v.vassalage, step), moveButton(v.vassalage, step === 'up' ? 'down' : 'up'));
    order.mutate(
      { gameType, vassalages: codes },
      { onSuccess: () => setDone(t('cs_moved', { vendor: v.displayName, position: to + 1, count: codes.length })) },
    );
  };

  const switchTo = (v: CatalogueVendor, enabled: boolean) => {
    start();
    keep(`[data-switch="${CSS.escape(v.vassalage)}"] [role="switch"]`);
    toggle.mutate(
      { gameType, vassalage: v.vassalage, enabled },
      { onSuccess: () => setDone(t(enabled ? 'cs_vendor_on' : 'cs_vendor_off', { vendor: v.displayName, type })) },
    );
  };

  return (
    <DeskCard
      ref={frame}
      id="lobby-order"
      title={t('cs_lobby_order', { type })}
      hint={t('cs_lobby_order_hint')}
      testId="catalogue-vendors-card"
    >
      {q.error ? (
        <p className="field__error" role="alert" data-testid="catalogue-error">
          {q.error.message}
        </p>
      ) : null}
      {q.isPending && !q.error ? <p className="console-muted">{t('cs_loading')}</p> : null}
      {q.data ? (
        <DeskTable
          testId="catalogue-vendors"
          caption={t('cs_lobby_order', { type })}
          columns={[
            { label: '#', numeric: true },
            { label: t('cs_vendor'), wide: true },
            { label: t('cs_games'), numeric: true },
            { label: t('cs_in_lobby') },
            { label: t('cs_order') },
          ]}
          empty={!list.length}
          emptyText={t('cs_no_vendors', { type })}
          compact
          t={t}
        >
          {list.map((v, i) => (
            <tr
              key={v.vassalage}
              data-testid={`catalogue-vendor-${v.vassalage}`}
              data-vendor={v.vassalage}
              className={v.enabled ? undefined : 'console-row--off'}
            >
              <td className="console-num">{i + 1}</td>
              <td>
                <strong className="console-name">{v.displayName}</strong>
                <span className="console-muted console-code">{v.vassalage}</span>
              </td>
              <td className="console-num">{v.gameCount}</td>
              <td>
                <span data-switch={v.vassalage}>
                  <OnOffSwitch
                    label={t('cs_vendor_in_lobby', { vendor: v.displayName })}
                    checked={
                      toggle.isPending && toggle.variables.vassalage === v.vassalage
                        ? toggle.variables.enabled
                        : v.enabled
                    }
                    disabled={!mayArrange || saving}
                    onChange={(on) => switchTo(v, on)}
                    t={t}
                    testId="catalogue-vendor-enabled"
                  />
                </span>
              </td>
              <td>
                <div className="console-order">
                  {(['up', 'down'] as const).map((step) => {
                    const busy = order.isPending && clicked === `${v.vassalage}:${step}`;
                    return (
                      <Button
                        key={step}
                        size="sm"
                        variant="secondary"
                        iconOnly
                        aria-label={t(step === 'up' ? 'cs_move_up' : 'cs_move_down', { vendor: v.displayName })}
                        disabled={!mayArrange || saving || (step === 'up' ? i === 0 : i === list.length - 1)}
                        loading={busy}
                        onClick={() => move(v, step)}
                        data-move={step}
                        data-vendor={v.vassalage}
                      >
                        {busy ? null : (
                          <Icon name="chevronDown" size={16} className={step === 'up' ? 'console-flip' : undefined} />
                        )}
                      </Button>
                    );
                  })}
                </div>
              </td>
            </tr>
          ))}
        </DeskTable>
      ) : null}
      {failure ? (
        <p className="field__error" role="alert" data-testid="catalogue-save-error">
          {failure.message}
        </p>
      ) : null}
      <p className="console-ok" role="status" data-testid="catalogue-vendors-status">
        {done}
      </p>
    </DeskCard>
  );
}
