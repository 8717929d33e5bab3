import { useId, type TextareaHTMLAttributes } from 'react';

/** A labelled multi-line field in the look of the UI kit's inputs (hint and error read by screen readers). */
export function TextArea({
  label,
  hint,
  error,
  rows = 3,
  ...rest
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__input console-textarea"
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...rest}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
