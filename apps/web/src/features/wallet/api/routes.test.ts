import { messageEndpoints, walletEndpoints } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { walletRoutes } from './routes.ts';

describe('wallet routes of the first load', () => {
  it('match the contract endpoints they stand for', () => {
    const pick = (e: { method: string; path: string; auth: string }) => ({
      method: e.method,
      path: e.path,
      auth: e.auth,
    });
    expect(pick(walletRoutes.balance)).toEqual(pick(walletEndpoints.balance));
    expect(pick(walletRoutes.unread)).toEqual(pick(messageEndpoints.unread));
    expect(pick(walletRoutes.socket)).toEqual(pick(messageEndpoints.socket));
  });
});
