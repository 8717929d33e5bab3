import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui/index.ts';
import { showToast } from '../../../lib/ui/index.ts';

/** Copies a text; spec §8 'copy_success'. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="sm"
      iconOnly
      aria-label={label}
      data-testid={testId}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          showToast(t('copy_success'), 'success');
        } catch {
          showToast(text, 'info');
        }
      }}
    >
      <Icon name="copy" size={16} />
    </Button>
  );
}
