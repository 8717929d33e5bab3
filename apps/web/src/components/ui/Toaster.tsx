import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts } from '../../lib/ui/index.ts';
import { Icon, type IconName } from './Icon.tsx';

const ICONS: Record<string, IconName> = { info: 'info', success: 'check', error: 'alert' };

/** Short result messages (copied, saved, failed). Polite live region; errors are assertive. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
          <Icon name={ICONS[toast.tone] ?? 'info'} size={18} className="toast__icon" />
          <span className="toast__message">{toast.message}</span>
          <button
            type="button"
            className="toast__close"
            onClick={() => dismissToast(toast.id)}
            aria-label={t('dismiss')}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
