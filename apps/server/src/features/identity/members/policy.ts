import type { AccountSettings } from '@app/contract';

/** Account rules that need no database. */

export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  passwordExpiry: { enabled: false, days: 90 },
  extraVerification: { enabled: false, methods: ['sms', 'email', 'totp', 'payeeName'] },
  trialPlayMoney: '200000',
};

/** Lower-cased username: uniqueness is case-insensitive per merchant. */
export const usernameKeyOf = (username: string) => username.trim().toLowerCase();
