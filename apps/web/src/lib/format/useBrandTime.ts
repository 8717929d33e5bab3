import { useMemo } from 'react';
import { useWhitelabel } from '../system/index.ts';
import { formatDate, formatDateTime } from './datetime.ts';

/**
 * Times as every page shows them: in the brand's time zone (not the reader's device), with the
 * offset beside full times so a player abroad knows which clock is meant.
 */
export const useBrandTime = () => {
  const { timezone } = useWhitelabel();
  return useMemo(
    () => ({
      timeZone: timezone,
      dateTime: (value: string | Date) => formatDateTime(value, timezone),
      date: (value: string | Date) => formatDate(value, timezone),
    }),
    [timezone],
  );
};
