import { ACCOUNT_MESSAGES, FIELD_MESSAGES_EN, PATTERN_MESSAGES_EN, type FieldIssue } from '@app/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The contract's English field messages with a translation of their own. A form shows the
 * translation; a message not listed (a length limit, say) shows as the server would write it.
 */
export const CONTRACT_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(FIELD_MESSAGES_EN).map(([key, message]) => [message, key])),
  // The contract's phone number schema: nothing typed, then a number of the wrong shape.
  [ACCOUNT_MESSAGES.PHONE_REQUIRED]: 'field_required',
  [ACCOUNT_MESSAGES.PHONE_INVALID]: 'mobile_login_invalid',
  [PATTERN_MESSAGES_EN.EMAIL]: 'pattern_EMAIL',
};

/**
 * Turns a form's messages into the reader's language: contract messages by the table above,
 * translation keys (the forms' own rules) by the tables, rule issues with their {{min}}/{{max}},
 * anything else (a server's words) as it is.
 */
export const useFormMessages = () => {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    // Rule messages carry {{min}} and {{max}}; the keys are only known at run time.
    const loose = t as unknown as (key: string, options?: Record<string, string>) => string;
    const message = (text: string): string => {
      const key = CONTRACT_MESSAGE_KEYS[text] ?? text;
      return i18n.exists(key) ? loose(key) : text;
    };
    const issue = (i: FieldIssue): string =>
      i18n.exists(i.key)
        ? loose(i.key, i.params ? { min: String(i.params.min), max: String(i.params.max) } : undefined)
        : i.message;
    return { message, issue };
  }, [t, i18n]);
};
