import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, error, id, className, ref, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? `cb-${autoId}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={`checkbox${error ? ' checkbox--invalid' : ''} ${className ?? ''}`}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="checkbox__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      />
      <label htmlFor={inputId} className="checkbox__label">
        {label}
      </label>
      {error ? (
        <p id={errorId} className="field__error checkbox__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
