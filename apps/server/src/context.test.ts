import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { smsProviderFor } from './context.ts';
import { DevSmsProvider, HttpSmsProvider } from './lib/sms.ts';

const outbox = async () => {};
const quiet = () => {};

describe('smsProviderFor', () => {
  it('writes to the developer outbox by default', () => {
    expect(smsProviderFor(loadConfig({}), outbox, quiet)).toBeInstanceOf(DevSmsProvider);
  });

  it('posts to the gateway when SMS_PROVIDER=http names one', () => {
    const config = loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send' });
    expect(smsProviderFor(config, outbox, quiet)).toBeInstanceOf(HttpSmsProvider);
  });

  it('stops the start and names SMS_HTTP_URL when the gateway has no address', () => {
    const attempt = () => smsProviderFor(loadConfig({ SMS_PROVIDER: 'http' }), outbox, quiet);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/^Invalid configuration:\n {2}SMS_HTTP_URL: /);
  });
});
