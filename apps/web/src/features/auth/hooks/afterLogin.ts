import type { LoginValue } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../lib/api/index.ts';
import { setSession } from '../../../lib/session/index.ts';
import { refreshMemberInfo } from '../../../lib/session/signIn.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { openModal, showToast } from '../../../lib/ui/index.ts';

export type AfterLogin = 'verify' | 'changePassword' | 'done';

/**
 * What happens after a login succeeds (spec §4): keep the token in session storage; a login from
 * a new IP first passes extra verification; a default or expired password opens the change-password
 * modal and nothing else is reachable; otherwise member info loads and the lists that depend on
 * the member (favourites, recent, messages) reload. A first login runs the first-login action.
 */
export const useAfterLogin = () => {
  const { t } = useTranslation();
  const { siteName } = useWhitelabel();

  return async (value: LoginValue, area: 'member' | 'agent' = 'member'): Promise<AfterLogin> => {
    setSession({
      token: value.token,
      isAgent: value.isAgent,
      isTrial: value.isTrial,
      withdrawOnly: value.withdrawOnly === true,
    });
    if (value.verification) {
      openModal('verifyLogin', { area, methods: value.verification.methods });
      return 'verify';
    }
    if (value.mustChangePassword) {
      openModal('changePassword', { area, forced: true });
      return 'changePassword';
    }
    await finishLogin();
    if (value.withdrawOnly) {
      showToast(t('wo_logged_in'), 'success');
      return 'done';
    }
    if (value.firstTimeLogin) showToast(t('welcome_first', { site: siteName }), 'success');
    else showToast(t('login_success'), 'success');
    return 'done';
  };
};

/** Member info, then every member-dependent query (the status call stays). */
export const finishLogin = async () => {
  await refreshMemberInfo();
  await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[1] !== '/wps/system/status' });
};
