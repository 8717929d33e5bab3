import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './Icon.tsx';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** Already translated message; marks the field invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  icon?: IconName;
  /** Password fields get a show/hide toggle. */
  revealable?: boolean;
  /** Keep the label for screen readers only (e.g. a search box with a visible icon). */
  hideLabel?: boolean;
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Input({
  label,
  error,
  hint,
  icon,
  revealable,
  hideLabel,
  trailing,
  id,
  type = 'text',
  className,
  required,
  ref,
  ...rest
}: InputProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const inputId = id ?? `in-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [revealed, setRevealed] = useState(false);
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const effectiveType = revealable && revealed ? 'text' : type;

  return (
    <div className={`field${error ? ' field--invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <div className="field__control">
        {icon ? <Icon name={icon} size={18} className="field__icon" /> : null}
        <input
          ref={ref}
          id={inputId}
          type={effectiveType}
          className={`field__input${icon ? ' field__input--with-icon' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          required={required}
          {...rest}
        />
        {revealable ? (
          <button
            type="button"
            className="field__reveal"
            onClick={() => setRevealed((v) => !v)}
            aria-label={revealed ? t('hide_password') : t('show_password')}
            aria-pressed={revealed}
          >
            <Icon name={revealed ? 'eyeOff' : 'eye'} size={18} />
          </button>
        ) : null}
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
