import { useTranslation } from 'react-i18next';
import { useCountdown } from '../hooks/useCountdown.ts';

export interface SendCodeButtonProps {
  /** Sends the code; resolves with the seconds to wait (expiredMinutes × 60), or null when it failed. */
  onSend: () => Promise<number | null>;
  disabled?: boolean;
  pending?: boolean;
  testId?: string;
}

/** "Get code" with its countdown (spec §4: disabled for expiredMinutes × 60 seconds). */
export function SendCodeButton({ onSend, disabled, pending, testId = 'send-code' }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { seconds, start } = useCountdown();
  const waiting = seconds > 0;
  return (
    <button
      type="button"
      className="auth-send"
      disabled={disabled || pending || waiting}
      onClick={async () => {
        const wait = await onSend();
        if (wait) start(wait);
      }}
      data-testid={testId}
      aria-live="polite"
    >
      {waiting ? t('resend_in', { seconds: String(seconds) }) : t('send_code')}
    </button>
  );
}
