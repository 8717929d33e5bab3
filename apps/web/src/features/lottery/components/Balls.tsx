import { RESULT_SHAPE, type LotteryFamily } from '@app/contract/lottery-draw';

/** A draw's numbers as balls; the special of Mark Six stands apart. */
export function Balls({
  family,
  numbers,
  size = 'md',
}: {
  family: LotteryFamily;
  numbers: number[];
  size?: 'sm' | 'md';
}) {
  const pad = RESULT_SHAPE[family].pad;
  return (
    <span className={`lt-balls lt-balls--${size}`} aria-label={numbers.join(' ')} role="img" data-testid="lt-balls">
      {numbers.map((n, i) => (
        <span key={i} aria-hidden="true" className={`lt-ball${family === 'LHC' && i === 6 ? ' lt-ball--special' : ''}`}>
          {String(n).padStart(pad, '0')}
        </span>
      ))}
    </span>
  );
}
