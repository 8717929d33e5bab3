import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './Spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** Class names of a button look, for links that must look like buttons. */
export const buttonClass = (
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: { block?: boolean; iconOnly?: boolean; className?: string | undefined },
): string =>
  [
    'btn',
    `btn--${variant}`,
    `btn--${size}`,
    extra?.block ? 'btn--block' : '',
    extra?.iconOnly ? 'btn--icon' : '',
    extra?.className ?? '',
  ]
    .filter(Boolean)
    .join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** Square button holding only an icon; it still needs an aria-label. */
  iconOnly?: boolean;
  loading?: boolean;
  leadingIcon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  block,
  iconOnly,
  loading = false,
  leadingIcon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, { block: block ?? false, iconOnly: iconOnly ?? false, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" decorative /> : leadingIcon}
      {children}
    </button>
  );
}
