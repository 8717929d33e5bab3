import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useFreePlay } from '../api/freePlay.ts';
import { useAfterLogin, type AfterLogin } from '../hooks/afterLogin.ts';
import { useAuthMessages } from '../hooks/messages.ts';

/** Free play (spec §1, §7): a trial account with play money, no sign-up. Shown when the brand offers it. */
export function FreePlayButton({ onDone, block = false }: { onDone?: (r: AfterLogin) => void; block?: boolean }) {
  const { t } = useTranslation();
  const { features } = useWhitelabel();
  const freePlay = useFreePlay();
  const afterLogin = useAfterLogin();
  const messages = useAuthMessages();
  if (!features.freePlay) return null;

  const start = async () => {
    try {
      const value = await freePlay.start();
      const result = await afterLogin(value);
      showToast(t('free_play_started', { account: value.account }), 'success');
      onDone?.(result);
    } catch (error) {
      showToast(messages.error(error), 'error');
    }
  };

  return (
    <Button
      variant="outline"
      block={block}
      loading={freePlay.isPending}
      onClick={() => void start()}
      leadingIcon={<Icon name="gamepad" size={18} />}
      data-testid="free-play"
      title={t('free_play_hint')}
    >
      {t('free_play')}
    </Button>
  );
}
