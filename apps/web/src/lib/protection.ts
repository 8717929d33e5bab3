import type { ProtectionRefusal } from '@app/contract';
import type { TranslationKey } from '../i18n/index.ts';
import { formatMoney, type Money } from './money/index.ts';

/** The codes of player protection's refusals (contract `PROTECTION_CODES`, without pulling zod in). */
export const isProtectionRefusal = (code: string): boolean => code.startsWith('PROTECTION_');
/** Refusals after which the member is logged out everywhere (a time-out, an exclusion, the session limit). */
export const endsSession = (code: string): boolean =>
  ['PROTECTION_TIME_OUT', 'PROTECTION_EXCLUDED', 'PROTECTION_SESSION_LIMIT'].includes(code);

type T = (key: TranslationKey, options?: Record<string, unknown>) => string;

/**
 * A protection refusal in the reader's words: which limit, what is left and when it resets, or the
 * restriction and its end (decision 062). `value` is the server's `ProtectionRefusal`.
 */
export const protectionRefusalText = (
  e: { code: string; value: unknown; message: string },
  t: T,
  money: Money,
  /** Writes a moment on the brand's clock (`useBrandTime().dateTime`). */
  dateTime: (iso: string) => string,
): string => {
  const v = (e.value ?? {}) as Partial<ProtectionRefusal>;
  const when = (iso: string | null | undefined) => (iso ? dateTime(iso) : '');
  switch (e.code) {
    case 'PROTECTION_LIMIT':
      return t('pr_limit', {
        limit: v.limit ? t(`rg_lim_${v.limit}` as TranslationKey) : '',
        remaining: formatMoney(v.remaining ?? '0', money),
        reset: when(v.resetsAt),
      });
    case 'PROTECTION_SESSION_LIMIT':
      return t('pr_session');
    case 'PROTECTION_TIME_OUT':
      return t('pr_time_out', { until: when(v.resetsAt) });
    case 'PROTECTION_EXCLUDED':
      if (e.message.includes('re-opens')) return t('pr_reopen', { at: when(v.resetsAt) });
      return v.resetsAt ? t('pr_excluded', { until: when(v.resetsAt) }) : t('pr_excluded_indefinite');
    case 'PROTECTION_EXCLUDED_DETAILS':
      return t('pr_registration');
    case 'PROTECTION_WITHDRAW_ONLY':
      return t('wo_refused');
    default:
      return e.message;
  }
};
