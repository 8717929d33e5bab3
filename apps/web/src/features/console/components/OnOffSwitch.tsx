import type { ConsoleT } from '../hooks/useConsoleText.ts';

/**
 * An on/off switch: a checkbox announced as a switch under a name that does not change ("Lotus Spin
 * in the lobby"), with its state written beside it for the eye.
 */
export function OnOffSwitch({
  label,
  checked,
  onChange,
  disabled,
  t,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
  t: ConsoleT;
  testId?: string;
}) {
  return (
    <label className={`console-switch${checked ? ' console-switch--on' : ''}`}>
      <input
        type="checkbox"
        role="switch"
        className="console-switch__input"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span className="console-switch__state" aria-hidden="true">
        {checked ? t('cs_on') : t('cs_off')}
      </span>
    </label>
  );
}
