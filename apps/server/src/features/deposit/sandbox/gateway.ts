import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SANDBOX_SIGNATURE_HEADER } from '@app/contract';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import * as data from '../data.ts';
import type { WebhookVerdict } from '../gateway.ts';

const webhookBody = z.strictObject({
  ref: z.string().min(1).max(64),
  merchantOrder: z.string().min(1).max(64),
  amount: z.string().regex(/^\d{1,15}$/),
  currency: z.string().min(3).max(8),
  status: z.enum(['paid', 'failed']),
});
export type SandboxWebhookBody = z.infer<typeof webhookBody>;

/** The sandbox's secret when PAYMENT_SANDBOX_SECRET is unset: public, so demo mode only. */
export const DEMO_SANDBOX_SECRET = 'sandbox-gateway-secret-change-me';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 over "<t>.<raw body>">`, as real gateways do it. */
export const signSandbox = (secret: string, rawBody: string, t: number) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')}`;

export interface SandboxGatewayDeps {
  db: Db;
  /** PAYMENT_SANDBOX_SECRET: signs the callbacks. */
  secret: string;
  /** PAYMENT_WEBHOOK_TOLERANCE_SECONDS: how old a signed callback may be. */
  toleranceSeconds: number;
}

/**
 * The bundled sandbox gateway (a stand-in for a payment company, for demos and tests): it keeps its
 * own books, shows its own pay page, and reports back only through signed webhooks.
 */
export const createSandboxGateway = ({ db, secret, toleranceSeconds }: SandboxGatewayDeps) => ({
  code: 'sandbox',

  async createPayment(input: {
    merchantOrder: string;
    amount: bigint;
    currency: string;
    notifyUrl: string;
    returnUrl: string;
  }) {
    const ref = `SBX${randomBytes(9).toString('hex').toUpperCase()}`;
    await data.insertSandboxPayment(db, { ref, ...input });
    return { gatewayRef: ref, payUrl: `/sandbox-gateway/pay/${ref}` };
  },

  sign(rawBody: string, now = new Date()) {
    return signSandbox(secret, rawBody, Math.floor(now.getTime() / 1000));
  },

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): WebhookVerdict {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    const m = typeof header === 'string' ? /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header) : null;
    if (!m) return { ok: false, reason: 'missing or malformed signature' };
    const t = Number(m[1]);
    if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds)
      return { ok: false, reason: 'timestamp outside the replay window' };
    const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
    const given = Buffer.from(m[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, reason: 'bad signature' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      return { ok: false, reason: 'body is not JSON' };
    }
    const body = webhookBody.safeParse(parsed);
    if (!body.success) return { ok: false, reason: 'unexpected body' };
    const b = body.data;
    return {
      ok: true,
      event: {
        gatewayRef: b.ref,
        merchantOrder: b.merchantOrder,
        amount: BigInt(b.amount),
        currency: b.currency,
        status: b.status,
      },
    };
  },

  /* The gateway's own books, for its pay page. */
  payment: (ref: string) => data.findSandboxPayment(db, ref),
  /** Moves a payment out of 'created' once; false when it was already decided. */
  decide: (ref: string, status: 'paid' | 'declined') => data.decideSandboxPayment(db, ref, status),
  recordCallback: (ref: string, httpStatus: number) => data.recordSandboxCallback(db, ref, httpStatus),
});

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
