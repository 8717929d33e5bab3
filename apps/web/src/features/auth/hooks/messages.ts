import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/index.ts';
import type { TranslationKey } from '../../../i18n/index.ts';
import { useBrandMoney } from '../../../lib/money/index.ts';
import { isProtectionRefusal, protectionRefusalText } from '../../../lib/protection.ts';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';

/** Server codes with their own wording in every language (spec §5, §6, §8). */
const CODE_KEYS: Record<string, TranslationKey> = {
  INVALID_CREDENTIALS: 'err_INVALID_CREDENTIALS',
  ONE_TIME_PASSWORD_EXPIRED: 'err_ONE_TIME_PASSWORD_EXPIRED',
  CAPTCHA_REQUIRED: 'captcha_required',
  CAPTCHA_INVALID: 'err_CAPTCHA_INVALID',
  NON_MEMBER: 'err_NON_MEMBER',
  NOT_AGENT: 'agent_only',
  ACCOUNT_FROZEN: 'err_ACCOUNT_FROZEN',
  USERNAME_TAKEN: 'err_USERNAME_TAKEN',
  MOBILE_TAKEN: 'err_MOBILE_TAKEN',
  INVALID_INVITATION_CODE: 'invitation_code_error',
  PHONE_REQUIRED: 'err_PHONE_REQUIRED',
  PHONE_INVALID: 'err_PHONE_INVALID',
  CODE_INVALID: 'err_CODE_INVALID',
  CODE_EXPIRED: 'err_CODE_EXPIRED',
  SMS_QUOTA: 'err_SMS_QUOTA',
  SMS_FAILED: 'err_SMS_FAILED',
  OPERATION_NOT_ENABLED: 'err_OPERATION_NOT_ENABLED',
  ACCOUNT_NOT_FOUND: 'err_ACCOUNT_NOT_FOUND',
  PASSWORD_INCORRECT: 'err_PASSWORD_INCORRECT',
  PASSWORD_REUSED: 'err_PASSWORD_REUSED',
  PASSWORD_CHANGE_REQUIRED: 'err_PASSWORD_CHANGE_REQUIRED',
  VERIFICATION_REQUIRED: 'err_VERIFICATION_REQUIRED',
  REAUTH_REQUIRED: 'err_REAUTH_REQUIRED',
  OAUTH_FAILED: 'oauth_failed',
  TRIAL_NOT_ALLOWED: 'in_need_true_account',
  PAYLOAD_UNREADABLE: 'err_PAYLOAD_UNREADABLE',
  NETWORK: 'network_abnormal',
};

/** Server answers in the reader's words: by their code, else as the server wrote them. */
export const useAuthMessages = () => {
  const { t } = useTranslation();
  const money = useBrandMoney();
  const brandTime = useBrandTime();

  /** A failed call as one line: the code's translation, else the server's own message. */
  const error = (e: unknown): string => {
    if (!isApiError(e)) return t('network_abnormal');
    if (e.code === 'RATE_LIMITED') {
      const retry = (e.value as { retryAfterSeconds?: number } | null)?.retryAfterSeconds;
      return retry !== undefined && retry <= 1 ? t('err_TOO_FAST') : t('err_TOO_MANY_REQUESTS');
    }
    if (isProtectionRefusal(e.code)) return protectionRefusalText(e, t, money, brandTime.dateTime);
    const key = CODE_KEYS[e.code];
    return key ? t(key) : e.message || t('network_abnormal');
  };

  /**
   * Field messages of a failed call for the form: a field error of a known code gets the code's
   * translation; other server field messages are shown as the server wrote them.
   */
  const fields = (e: unknown): Record<string, string> => {
    if (!isApiError(e)) return {};
    const out: Record<string, string> = {};
    const entries = Object.entries(e.fields);
    const key = CODE_KEYS[e.code];
    for (const [field, message] of entries) out[field] = key && entries.length === 1 ? t(key) : message;
    return out;
  };

  /** Whether a failed login says the next try needs a captcha (spec §8). */
  const wantsCaptcha = (e: unknown): boolean => isApiError(e) && !!(e.value as { captcha?: boolean } | null)?.captcha;

  return { error, fields, wantsCaptcha };
};
