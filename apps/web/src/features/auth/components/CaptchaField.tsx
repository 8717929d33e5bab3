import type { InputHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, Input } from '../../../components/ui/index.ts';
import { useCaptcha } from '../api/captcha.ts';

export interface CaptchaFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The captcha input with its image; tap the image for another (at most once a second). A form
 * remounts it (new `key`) after a failed try: the server spends a captcha on every check.
 */
export function CaptchaField({ error, ref, ...rest }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const { image, loading, refresh } = useCaptcha(true);
  return (
    <Input
      label={t('captcha')}
      placeholder={t('captcha_placeholder')}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={4}
      icon="shield"
      required
      error={error}
      ref={ref}
      data-testid="captcha-input"
      trailing={
        <button
          type="button"
          className="auth-captcha"
          onClick={() => void refresh()}
          aria-label={t('captcha_refresh')}
          data-testid="captcha-refresh"
        >
          {image ? <img src={image} alt={t('captcha_alt')} width={99} height={33} data-testid="captcha-image" /> : null}
          {loading || !image ? <Icon name="refresh" size={16} /> : null}
        </button>
      }
      {...rest}
    />
  );
}
