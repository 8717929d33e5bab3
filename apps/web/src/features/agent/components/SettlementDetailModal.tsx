import { Modal } from '../../../components/ui/index.ts';
import { useSettlement } from '../api/settlement.ts';
import { bpsToPercent } from '../hooks/rates.ts';
import { useAgentText } from '../hooks/useAgentText.ts';
import { Badge, KindLabel, Money, Period, Stat } from './Bits.tsx';
import { QueryView } from './QueryView.tsx';

/** One settlement with its working: figures in, tier chosen, amount out. */
export function SettlementDetailModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useAgentText();
  const q = useSettlement(id);
  return (
    <Modal open onClose={onClose} size="lg" testId="ag-settlement-modal" title={t('ag_st_detail')}>
      <QueryView query={q} rows={5}>
        {(s) => {
          const w = s.working;
          return (
            <div className="ag-working">
              <p className="ag-note">
                <KindLabel kind={s.kind} /> · <Period start={s.periodStart} end={s.periodEnd} />
              </p>
              <div className="ag-stats ag-stats--inline">
                <Stat label={t('ag_st_amount')} testId="ag-st-amount">
                  <Money value={s.amount} />
                </Stat>
                <Stat label={t('ag_col_status')}>
                  <Badge tone={s.status === 'paid' ? 'good' : s.status === 'zero' ? 'neutral' : 'warn'}>
                    {t(`ag_st_status_${s.status}`)}
                  </Badge>
                </Stat>
                <Stat label={t('ag_st_beneficiary')}>{s.beneficiary.account}</Stat>
                <Stat label={t('ag_st_payer')}>{s.payer ? s.payer.account : t('ag_ct_house')}</Stat>
              </div>
              <h3 className="ag-subtitle">{t('ag_st_working')}</h3>
              <dl className="ag-dl ag-dl--grid" data-testid="ag-st-working">
                <div>
                  <dt>{t('ag_ov_rounds')}</dt>
                  <dd>{w.figures.rounds}</dd>
                </div>
                <div>
                  <dt>{t('ag_ov_bets')}</dt>
                  <dd>
                    <Money value={w.figures.bet} />
                  </dd>
                </div>
                <div>
                  <dt>{t('ag_ov_valid_bets')}</dt>
                  <dd data-testid="ag-st-valid">
                    <Money value={w.figures.validBet} />
                  </dd>
                </div>
                <div>
                  <dt>{t('ag_ov_wins')}</dt>
                  <dd>
                    <Money value={w.figures.win} />
                  </dd>
                </div>
                <div>
                  <dt>{t('ag_ov_pnl')}</dt>
                  <dd>
                    <Money value={w.figures.profitLoss} signed />
                  </dd>
                </div>
                {w.figures.activeThreshold !== null ? (
                  <div>
                    <dt>{t('ag_ov_active')}</dt>
                    <dd>
                      {w.figures.activeMembers} (≥ <Money value={w.figures.activeThreshold} />)
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>{t('ag_st_tier')}</dt>
                  <dd>{w.tierIndex === null ? t('ag_st_no_tier') : w.tierIndex + 1}</dd>
                </div>
                {w.rate !== null ? (
                  <div>
                    <dt>{t('ag_st_rate')}</dt>
                    <dd>{bpsToPercent(w.rate)}%</dd>
                  </div>
                ) : null}
                <div>
                  <dt>{t('ag_st_base')}</dt>
                  <dd>
                    <Money value={w.base} />
                  </dd>
                </div>
                <div>
                  <dt>{t('ag_st_amount')}</dt>
                  <dd>
                    <Money value={w.amount} />
                  </dd>
                </div>
              </dl>
              {w.reason ? <p className="ag-note">{t(`ag_st_reason_${w.reason}`)}</p> : null}
              {w.buckets?.length ? (
                <ul className="ag-list">
                  {w.buckets.map((b) => (
                    <li key={b.tierIndex} className="ag-list__row">
                      <span>
                        {t('ag_ct_tier')} {b.tierIndex + 1}
                      </span>
                      <span>
                        {t('ag_st_bucket_won', { count: b.profitRounds })} <Money value={b.profitValidBet} />
                      </span>
                      <span>
                        {t('ag_st_bucket_lost', { count: b.lossRounds })} <Money value={b.lossValidBet} />
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className="ag-muted ag-small">
                {t('ag_st_key')}: <code>{s.idempotencyKey}</code>
              </p>
            </div>
          );
        }}
      </QueryView>
    </Modal>
  );
}
