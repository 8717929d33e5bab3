import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../system/index.ts';
import { formatDate, formatDateTime, formatLocal, type DateStyle } from './datetime.ts';

/**
 * Times as every page shows them: in the brand's time zone (not the reader's device), written as
 * the reader's language writes dates, with the offset beside full times so a player abroad knows
 * which clock is meant.
 */
export const useBrandTime = () => {
  const { timezone } = useWhitelabel();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      timeZone: timezone,
      language,
      dateTime: (value: string | Date) => formatDateTime(value, timezone, language),
      date: (value: string | Date) => formatDate(value, timezone, language),
      /** Without the offset: "26/11/2026 18:30" (minutes), "18:30:00" (time). */
      local: (value: string | Date, style: DateStyle) => formatLocal(value, timezone, language, style),
    }),
    [timezone, language],
  );
};
