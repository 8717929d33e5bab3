import type { SlotTheme } from '../../shared/themes.ts';
import type { SlotConfig } from '../games/slot-config.ts';
import { formatDecimal, formatMoney, type Money } from '../lib/format.ts';
import { t } from '../lib/i18n.ts';
import { Modal } from './Modal.tsx';
import { SymbolArt } from './SymbolArt.tsx';

/** Every symbol's pays at the current bet, the wild and scatter rules, and the game's RTP. */
export const Paytable = ({
  cfg,
  theme,
  money,
  bet,
  onClose,
}: {
  cfg: SlotConfig;
  theme: SlotTheme;
  money: Money;
  bet: string;
  onClose: () => void;
}) => {
  const lineBet = Number(bet) / cfg.lines;
  return (
    <Modal title={t('paytable')} onClose={onClose}>
      <ul className="paytable">
        {cfg.symbols
          .filter((s) => s.kind !== 'scatter')
          .map((s) => (
            <li key={s.key}>
              <SymbolArt symbolKey={s.key} theme={theme} size={44} />
              <div>
                {s.pays.map((p, n) =>
                  p > 0 ? (
                    <div key={n}>
                      {n}× <strong>{formatMoney(p * lineBet, money)}</strong>
                    </div>
                  ) : null,
                )}
                {s.kind === 'wild' && <p className="muted small">{t('wildSubstitutes')}</p>}
              </div>
            </li>
          ))}
        {cfg.scatter && (
          <li>
            <SymbolArt symbolKey="S" theme={theme} size={44} />
            <div>
              {cfg.scatter.pays.map((p, n) =>
                p > 0 || (cfg.scatter!.freeSpins[n] ?? 0) > 0 ? (
                  <div key={n}>
                    {n}× <strong>{formatMoney(p * Number(bet), money)}</strong> + {cfg.scatter!.freeSpins[n]}{' '}
                    {t('freeSpins').toLowerCase()}
                  </div>
                ) : null,
              )}
              <p className="muted small">
                {t('scatterPays')} · {t('multiplier')} ×{cfg.scatter.multiplier}
              </p>
            </div>
          </li>
        )}
      </ul>
      <p className="muted small">
        {cfg.lines} {t('lines')} · {t('rtp')} {formatDecimal(cfg.rtp * 100, 2)}% · {t('volatility')}: {cfg.volatility}
      </p>
    </Modal>
  );
};
