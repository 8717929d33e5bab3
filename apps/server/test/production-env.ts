import { generateKeyPairSync, randomBytes } from 'node:crypto';

let payloadKey: string | undefined;

/**
 * Everything a production start requires (decision 051), made up fresh for a test run: its own
 * secrets (none of the source's demo ones), demo mode and demo data off, a chosen interface.
 */
export const productionEnv = (): Record<string, string> => {
  payloadKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string;
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DEMO_MODE: 'false',
    SEED_DEMO_DATA: 'false',
    PROVIDER_HOUSE_SECRET: randomBytes(24).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    PAYLOAD_RSA_PRIVATE_KEY: payloadKey,
    OPERATOR_BOOTSTRAP_PASSWORD: 'First#Operator2026',
  };
};
