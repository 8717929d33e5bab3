import { readJson, writeJson } from '../../../lib/storage.ts';

/** Spec §9: remember-me lasts 24 hours. Only the username is kept, never the password. */
const KEY = 'login.remember';
const TTL_MS = 24 * 60 * 60 * 1000;

interface Remembered {
  username: string;
  expires: number;
}

export const rememberedUsername = (): string | null => {
  const value = readJson<Remembered>('local', KEY);
  if (!value || value.expires < Date.now()) return null;
  return value.username;
};

export const rememberUsername = (username: string | null): void =>
  writeJson('local', KEY, username ? ({ username, expires: Date.now() + TTL_MS } satisfies Remembered) : null);
