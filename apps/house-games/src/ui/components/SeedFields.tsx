import { t } from '../lib/i18n.ts';

/** How a verify page's field cleans what is typed: seeds lose stray spaces, counters keep digits. */
const CLEAN = {
  seed: (v: string) => v.trim(),
  text: (v: string) => v,
  digits: (v: string) => v.replace(/\D/g, ''),
} as const;

/** One field of a verify page's form (a seed, its hash, a client seed, a nonce or a number). */
export const SeedField = ({
  label,
  value,
  onChange,
  kind = 'seed',
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  kind?: keyof typeof CLEAN;
  testId?: string;
}) => (
  <label className="field">
    <span>{label}</span>
    <input
      value={value}
      onChange={(e) => onChange(CLEAN[kind](e.target.value))}
      inputMode={kind === 'digits' ? 'numeric' : undefined}
      className="mono"
      data-testid={testId}
    />
  </label>
);

/** Whether the revealed seed matches the hash shown before play; nothing when no hash was given. */
export const HashCheck = ({ ok }: { ok: boolean | null }) =>
  ok === null ? null : (
    <p className={ok ? 'ok' : 'bad'} data-testid="hg-verify-hash-check">
      {ok ? t('hashMatches') : t('hashMismatch')}
    </p>
  );

/** A verify page's note (a seed not revealed yet, a field that is not a number). */
export const VerifyNote = ({ note, testId }: { note: string | null; testId?: string }) =>
  note === null ? null : (
    <p className="message" role="status" data-testid={testId}>
      {note}
    </p>
  );
