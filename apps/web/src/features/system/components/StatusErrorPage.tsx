import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui/index.ts';
import type { CachedBrand } from '../../../lib/system/index.ts';
import { StatusScreen } from './StatusScreen.tsx';

export interface StatusErrorPageProps {
  brand: CachedBrand | null;
  /** The server's or the network's message, already translated. */
  message?: string | undefined;
  retrying: boolean;
  onRetry: () => void;
}

/** The status call failed: nothing can be shown safely, so offer a retry. */
export function StatusErrorPage({ brand, message, retrying, onRetry }: StatusErrorPageProps) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="status-error-page"
      siteName={brand?.siteName ?? ''}
      logoUrl={brand?.logoUrl}
      icon="alert"
      tone="danger"
      title={t('status_error_title')}
      actions={
        <Button
          size="lg"
          loading={retrying}
          leadingIcon={<Icon name="refresh" size={18} />}
          onClick={onRetry}
          data-testid="status-retry"
        >
          {t('retry')}
        </Button>
      }
    >
      <p className="status-screen__text">{message || t('network_abnormal')}</p>
      <p className="status-screen__note">{t('status_error_info')}</p>
    </StatusScreen>
  );
}
