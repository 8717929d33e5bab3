import type { LotteryFamily, LotteryPeriod } from '@app/contract';
import { deriveResult, seedHash } from '@app/contract/lottery-draw';
import { useState } from 'react';
import { Button, EmptyState, Modal, Skeleton } from '../../../components/ui/index.ts';
import { formatDateTime } from '../../../lib/format/datetime.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useLotteryResults } from '../api/lottery.ts';
import type { LotteryT } from '../hooks/useLotteryText.ts';
import { Balls } from './Balls.tsx';

/** Recomputes a draw from its revealed seed, in the browser (decision 063). */
const verify = (family: LotteryFamily, gameCode: string, p: LotteryPeriod) => {
  const derived = deriveResult(family, p.seed!, gameCode, p.numero);
  return {
    hashOk: seedHash(p.seed!) === p.seedHash,
    derived,
    resultOk: JSON.stringify(derived) === JSON.stringify(p.result),
  };
};

export function ResultsVerify({ gameCode, family, t }: { gameCode: string; family: LotteryFamily; t: LotteryT }) {
  const results = useLotteryResults(gameCode, 30);
  const { timezone } = useWhitelabel();
  const [open, setOpen] = useState<LotteryPeriod | null>(null);
  const check = open?.seed && open.result ? verify(family, gameCode, open) : null;
  const list = results.data?.list ?? [];

  return (
    <div className="lt-results" data-testid="lt-results">
      {results.isLoading ? (
        <Skeleton variant="text" width="100%" />
      ) : list.length === 0 ? (
        <EmptyState icon="ticket" title={t('lt_no_results')} />
      ) : (
        <ul className="lt-results__list">
          {list.map((p) => (
            <li key={p.numero} className="lt-results__item" data-testid="lt-result">
              <div className="lt-results__meta">
                <strong>{p.numero}</strong>
                <span>{formatDateTime(p.drawAt, timezone)}</span>
              </div>
              {p.result ? <Balls family={family} numbers={p.result} size="sm" /> : <span>{t('lt_void')}</span>}
              {p.seed ? (
                <Button size="sm" variant="outline" onClick={() => setOpen(p)} data-testid="lt-verify">
                  {t('lt_verify')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t('lt_verify_title', { numero: open.numero }) : ''}
        testId="lt-verify-modal"
        footer={
          <Button variant="ghost" onClick={() => setOpen(null)}>
            {t('lt_back')}
          </Button>
        }
      >
        {open && check ? (
          <div className="lt-verify">
            <p>{t('lt_verify_intro')}</p>
            <p className="lt-verify__label">{t('lt_verify_seed')}</p>
            <code className="lt-code">{open.seed}</code>
            <p className="lt-verify__label">{t('lt_seed_hash')}</p>
            <code className="lt-code">{open.seedHash}</code>
            <p className={check.hashOk ? 'lt-ok' : 'lt-bad'} data-testid="lt-verify-hash">
              {check.hashOk ? t('lt_verify_hash_ok') : t('lt_verify_hash_bad')}
            </p>
            <p className={check.resultOk ? 'lt-ok' : 'lt-bad'} data-testid="lt-verify-result">
              {check.resultOk
                ? t('lt_verify_result_ok', { numbers: check.derived.join(' ') })
                : t('lt_verify_result_bad', { numbers: check.derived.join(' ') })}
            </p>
            <p className="lt-verify__how">{t('lt_verify_how')}</p>
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
