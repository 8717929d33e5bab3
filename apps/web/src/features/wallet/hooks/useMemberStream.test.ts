import { describe, expect, it } from 'vitest';
import { socketUrl } from './useMemberStream.ts';

describe('the live feed address', () => {
  it('follows the page: wss behind TLS, ws otherwise, same host', () => {
    expect(socketUrl({ protocol: 'https:', host: 'lotus88.example' })).toBe(
      'wss://lotus88.example/wps/v2/messages/socket',
    );
    expect(socketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/wps/v2/messages/socket');
  });
});
