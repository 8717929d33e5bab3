import type { LotteryGameState } from '@app/contract';
import {
  LOTTERY_MAX_CHASE,
  LOTTERY_MAX_MULTIPLIER,
  LOTTERY_UNIT,
  SSC_BET_TYPES,
  betCost,
  type BetRow,
  type BetTypeDef,
} from '@app/contract/lottery-bets';
import { isSeaFamily, isVnFamily, type LotteryFamily } from '@app/contract/lottery-draw';
import { HOUSE_BET_TYPES } from '@app/contract/lottery-house';
import { ZODIAC, zodiacNumbers, zodiacYear } from '@app/contract/lottery-lhc';
import { SEA_BET_TYPES } from '@app/contract/lottery-sea';
import { VN_BET_TYPES } from '@app/contract/lottery-vn';
import { useId, useMemo, useState } from 'react';
import { Button, Modal } from '../../../components/ui/index.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useChase, usePlaceBet } from '../api/lottery.ts';
import type { LotteryT } from '../hooks/useLotteryText.ts';
import { prizeList, textOf } from './names.ts';

/**
 * Quick picks over a row of numbers: big is from the row's `bigFrom` (PK10 6, Mark Six 25), or the
 * upper half of 0…9 / 00…99.
 */
const DIGIT_QUICK: Record<string, (n: number, row: BetRow) => boolean> = {
  all: () => true,
  big: (n, row) => (row.bigFrom !== undefined ? n >= row.bigFrom : n > (10 ** row.tokens[0]!.length - 1) / 2),
  small: (n, row) => !DIGIT_QUICK.big!(n, row),
  odd: (n) => n % 2 === 1,
  even: (n) => n % 2 === 0,
};
const emptyPicks = (def: BetTypeDef) => def.rows.map(() => [] as string[]);

/**
 * The bet types of a game's family: SSC's, the Vietnamese region's (decision 068), the SEA game's
 * (072) or lottery-house.ts's (076).
 */
export const betTypesFor = (family: string): readonly BetTypeDef[] =>
  isVnFamily(family)
    ? VN_BET_TYPES[family]
    : isSeaFamily(family)
      ? SEA_BET_TYPES[family]
      : (HOUSE_BET_TYPES[family as LotteryFamily] ?? SSC_BET_TYPES);

/** The board's groups of bet types, in the order the types come. */
const groupsOf = (types: readonly BetTypeDef[]) => [...new Set(types.map((d) => d.group))];

/** A row of typed numbers (3 càng, lô 3 and lô 4): type one, add it; each added number is a chip to remove. */
function TypedRow({
  row,
  r,
  picks,
  onChange,
  t,
}: {
  row: BetRow & { digits: number };
  r: number;
  picks: string[];
  onChange: (next: string[]) => void;
  t: LotteryT;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [bad, setBad] = useState(false);
  const add = () => {
    const numbers = text.split(/[\s,;]+/).filter(Boolean);
    if (!numbers.length || numbers.some((n) => !new RegExp(`^\\d{${row.digits}}$`).test(n))) {
      setBad(true);
      return;
    }
    setBad(false);
    setText('');
    onChange([...new Set([...picks, ...numbers])].sort());
  };
  return (
    <fieldset className="lt-row" data-testid={`lt-row-${r}`}>
      <legend className="lt-row__label">{textOf(t, `lt_row_${row.label}`)}</legend>
      <div className="lt-typed">
        <label htmlFor={id} className="lt-typed__label">
          {t('lt_vn_enter', { digits: row.digits })}
        </label>
        <input
          id={id}
          className="lt-typed__input"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          maxLength={60}
          aria-invalid={bad}
          data-testid={`lt-typed-${r}`}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button size="sm" variant="outline" onClick={add} data-testid={`lt-typed-add-${r}`}>
          {t('lt_vn_add')}
        </Button>
      </div>
      {bad ? (
        <p className="lt-slip__problem" role="alert">
          {t('lt_vn_bad_number', { digits: row.digits })}
        </p>
      ) : null}
      {picks.length ? (
        <ul className="lt-typed__chips">
          {picks.map((n) => (
            <li key={n}>
              <button
                type="button"
                className="lt-chip lt-chip--on"
                aria-label={t('lt_vn_remove', { n })}
                onClick={() => onChange(picks.filter((x) => x !== n))}
              >
                {n} ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

/** The bet board of a game: a bet type, its rows of picks with quick picks, and the slip. */
export function BetBoard({ state, t, onClosed }: { state: LotteryGameState; t: LotteryT; onClosed: () => void }) {
  const money = useBrandMoney();
  const types = betTypesFor(state.game.family);
  const groups = groupsOf(types);
  // Mark Six's animals hold numbers by the lunar year of the period's date.
  const numero = state.current.numero;
  const zodiac = useMemo(() => zodiacNumbers(zodiacYear(numero.slice(0, 8))), [numero]);
  const [typeId, setTypeId] = useState(types[0]!.id);
  const def = useMemo(() => types.find((d) => d.id === typeId) ?? types[0]!, [typeId, types]);
  const [picks, setPicks] = useState<string[][]>(() => emptyPicks(def));
  const [multiplierText, setMultiplierText] = useState('1');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const place = usePlaceBet();
  const chase = useChase();
  // A chase: the same bet on this period and the next ones (1 = this period only).
  const [chaseText, setChaseText] = useState('1');
  const [stopOnWin, setStopOnWin] = useState(true);

  const multiplier = Math.min(LOTTERY_MAX_MULTIPLIER, Math.max(1, Math.floor(Number(multiplierText)) || 1));
  const units = def.units(picks);
  const total = betCost(units, multiplier);
  const periods = Math.min(LOTTERY_MAX_CHASE, Math.max(1, Math.floor(Number(chaseText)) || 1));
  const chaseTotal = total * BigInt(periods);
  const open = state.current.status === 'open';
  const fmt = (v: bigint | string) => formatMoney(v, money);

  const chooseType = (id: string) => {
    const next = types.find((d) => d.id === id)!;
    setTypeId(id);
    setPicks(emptyPicks(next));
    setProblem(null);
  };
  const toggle = (row: number, token: string) =>
    setPicks((p) =>
      p.map((r, i) => (i !== row ? r : r.includes(token) ? r.filter((x) => x !== token) : [...r, token].sort())),
    );
  const quick = (row: number, kind: string) =>
    setPicks((p) =>
      p.map((r, i) =>
        i !== row
          ? r
          : kind === 'clear'
            ? []
            : def.rows[row]!.tokens.filter((tok) => DIGIT_QUICK[kind]!(Number(tok), def.rows[row]!)),
      ),
    );

  const onError = (err: unknown) => {
    setConfirming(false);
    if (isApiError(err) && err.code === 'LOTTERY_CLOSED') {
      setProblem(t('lt_closed_now'));
      onClosed();
    } else setProblem(isApiError(err) && err.message ? err.message : t('lt_err_place'));
  };
  const placed = (message: string) => {
    setConfirming(false);
    setPicks(emptyPicks(def));
    showToast(message, 'success');
  };
  const submit = () => {
    const bet = { gameCode: state.game.gameCode, numero: state.current.numero, betType: def.id, picks, multiplier };
    if (periods > 1)
      chase.mutate(
        { ...bet, periods, stopOnWin },
        { onSuccess: (r) => placed(t('lt_chased', { count: r.bets.length, numero: bet.numero })), onError },
      );
    else place.mutate(bet, { onSuccess: (b) => placed(t('lt_placed', { numero: b.numero })), onError });
  };

  const prizes = def.prizeKeys.map((k) => state.prizes[k]).filter((v): v is string => Boolean(v));

  return (
    <div className="lt-board" data-testid="lt-board">
      <div className="lt-board__types" role="group" aria-label={t('lt_bet_type')}>
        {groups.map((group) => (
          <div key={group} className="lt-board__type-group">
            <span className="lt-board__type-label">{textOf(t, `lt_group_${group}`)}</span>
            <div className="lt-board__type-list">
              {types
                .filter((d) => d.group === group)
                .map((d) => (
                  <button
                    key={d.id}
                    type="button"
                    className={`lt-chip${d.id === typeId ? ' lt-chip--on' : ''}`}
                    aria-pressed={d.id === typeId}
                    data-testid={`lt-type-${d.id}`}
                    onClick={() => chooseType(d.id)}
                  >
                    {textOf(t, `lt_type_${d.id}`)}
                  </button>
                ))}
            </div>
          </div>
        ))}
      </div>

      <div className="lt-board__rows">
        {def.rows.map((row, r) => {
          if (row.digits !== undefined)
            return (
              <TypedRow
                key={`${def.id}-${r}`}
                row={{ ...row, digits: row.digits }}
                r={r}
                picks={picks[r] ?? []}
                onChange={(next) => setPicks((p) => p.map((x, i) => (i === r ? next : x)))}
                t={t}
              />
            );
          const digits = row.tokens.every((tok) => /^\d+$/.test(tok));
          const wide = row.tokens.length > 12;
          const animal = (tok: string) => ZODIAC.indexOf(tok as (typeof ZODIAC)[number]);
          return (
            <fieldset key={`${def.id}-${r}`} className="lt-row" data-testid={`lt-row-${r}`}>
              <legend className="lt-row__label">{textOf(t, `lt_row_${row.label}`)}</legend>
              <div className={`lt-row__tokens${wide ? ' lt-row__tokens--grid' : ''}`}>
                {row.tokens.map((tok) => {
                  const on = picks[r]?.includes(tok) ?? false;
                  return (
                    <button
                      key={tok}
                      type="button"
                      className={`lt-token${digits ? '' : ' lt-token--word'}${row.label === 'zodiac' ? ' lt-token--zodiac' : ''}${on ? ' lt-token--on' : ''}`}
                      aria-pressed={on}
                      data-testid={`lt-token-${r}-${tok}`}
                      onClick={() => toggle(r, tok)}
                    >
                      {digits ? tok : textOf(t, `lt_tok_${tok}`)}
                      {row.label === 'zodiac' ? (
                        <span className="lt-token__numbers">
                          {zodiac[animal(tok)]!.map((n) => String(n).padStart(2, '0')).join(' ')}
                        </span>
                      ) : null}
                    </button>
                  );
                })}
              </div>
              <div className="lt-row__quick">
                {(digits ? ['all', 'big', 'small', 'odd', 'even', 'clear'] : ['clear']).map((kind) => (
                  <button
                    key={kind}
                    type="button"
                    className="lt-quick"
                    data-testid={`lt-quick-${r}-${kind}`}
                    onClick={() => quick(r, kind)}
                  >
                    {textOf(t, `lt_quick_${kind}`)}
                  </button>
                ))}
              </div>
            </fieldset>
          );
        })}
      </div>

      <section className="lt-slip" aria-labelledby="lt-slip-title" data-testid="lt-slip">
        <h3 id="lt-slip-title" className="lt-slip__title">
          {t('lt_slip')}
        </h3>
        <dl className="lt-slip__figures">
          <div>
            <dt>{t('lt_bet_type')}</dt>
            <dd>{textOf(t, `lt_type_${def.id}`)}</dd>
          </div>
          <div>
            <dt>{t('lt_unit_cost')}</dt>
            <dd>
              <span data-testid="lt-units">{t('lt_units', { count: units })}</span> × {fmt(LOTTERY_UNIT)}
            </dd>
          </div>
          <div>
            <dt>
              <label htmlFor="lt-multiplier">{t('lt_multiplier')}</label>
            </dt>
            <dd>
              <input
                id="lt-multiplier"
                className="lt-slip__multiplier"
                type="number"
                inputMode="numeric"
                min={1}
                max={LOTTERY_MAX_MULTIPLIER}
                value={multiplierText}
                onChange={(e) => setMultiplierText(e.target.value)}
              />
            </dd>
          </div>
          <div>
            <dt>{t('lt_total')}</dt>
            <dd className="lt-slip__total" data-testid="lt-total">
              {fmt(total)}
            </dd>
          </div>
          <div>
            <dt>
              <label htmlFor="lt-chase">{t('lt_chase')}</label>
            </dt>
            <dd className="lt-slip__chase">
              <input
                id="lt-chase"
                className="lt-slip__multiplier"
                type="number"
                inputMode="numeric"
                min={1}
                max={LOTTERY_MAX_CHASE}
                value={chaseText}
                data-testid="lt-chase-periods"
                onChange={(e) => setChaseText(e.target.value)}
              />
              <span>{t('lt_chase_periods')}</span>
            </dd>
          </div>
          {periods > 1 ? (
            <>
              <div>
                <dt>
                  <label htmlFor="lt-chase-stop">{t('lt_chase_stop')}</label>
                </dt>
                <dd>
                  <input
                    id="lt-chase-stop"
                    type="checkbox"
                    checked={stopOnWin}
                    data-testid="lt-chase-stop"
                    onChange={(e) => setStopOnWin(e.target.checked)}
                  />
                </dd>
              </div>
              <div>
                <dt>{t('lt_chase_total')}</dt>
                <dd className="lt-slip__total" data-testid="lt-chase-total">
                  {fmt(chaseTotal)}
                </dd>
              </div>
            </>
          ) : null}
          {prizes.length ? (
            <div>
              <dt>{t('lt_prize_per_hit')}</dt>
              <dd>
                {prizeList(
                  t,
                  prizes.map((p) => BigInt(p) * BigInt(multiplier)),
                  fmt,
                )}
              </dd>
            </div>
          ) : null}
        </dl>
        {problem ? (
          <p className="lt-slip__problem" role="alert">
            {problem}
          </p>
        ) : null}
        <Button
          block
          disabled={!open || units < 1}
          onClick={() => {
            setProblem(units < 1 ? t('lt_pick_more') : null);
            if (units >= 1) setConfirming(true);
          }}
          data-testid="lt-review"
        >
          {open ? t('lt_review') : t('lt_drawing')}
        </Button>
      </section>

      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('lt_confirm_title')}
        size="sm"
        testId="lt-confirm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('lt_back')}
            </Button>
            <Button loading={place.isPending || chase.isPending} onClick={submit} data-testid="lt-confirm-place">
              {t('lt_confirm')}
            </Button>
          </>
        }
      >
        <p>
          {t('lt_confirm_body', {
            type: textOf(t, `lt_type_${def.id}`),
            numero: state.current.numero,
            units,
            unit: fmt(LOTTERY_UNIT),
            multiplier,
            total: fmt(total),
          })}
        </p>
        {periods > 1 ? (
          <p data-testid="lt-confirm-chase">
            {t(stopOnWin ? 'lt_confirm_chase_stop' : 'lt_confirm_chase', { periods, total: fmt(chaseTotal) })}
          </p>
        ) : null}
      </Modal>
    </div>
  );
}
