import { z } from 'zod';
import { signBody } from './signing.ts';

/**
 * Our side of the platform's seamless-wallet API, written from its published protocol the way any
 * outside vendor would: signed JSON POSTs to /provider/<code>/<operation>, answers in the
 * platform's envelope { success, value, message, code }. Amounts are decimal strings of minor units.
 */
const money = z.string().regex(/^-?\d+$/);

const authenticated = z.object({
  playerId: z.string(),
  sessionToken: z.string(),
  currency: z.string(),
  currencyExponent: z.number().int(),
  balance: money,
  nickname: z.string(),
  language: z.string(),
  gameCode: z.string(),
  vassalage: z.string(),
  demo: z.boolean(),
  lobbyUrl: z.string().nullable().optional(),
});
export type Authenticated = z.infer<typeof authenticated>;
const balanceValue = z.object({ balance: money, currency: z.string() });
const winsValue = z.object({
  results: z.array(
    z.union([
      z.object({ transactionId: z.string(), ok: z.literal(true), balance: money, currency: z.string() }),
      z.object({
        transactionId: z.string(),
        ok: z.literal(false),
        code: z.string(),
        message: z.string(),
        retryable: z.boolean(),
      }),
    ]),
  ),
});
export type WinsAnswer = z.infer<typeof winsValue>['results'][number];

export class PlatformError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** True when the same call may succeed later (network trouble, 5xx, a retryable refusal). */
    readonly retryable: boolean,
    readonly value: unknown = null,
  ) {
    super(message);
  }
}

export interface BetCall {
  sessionToken: string;
  playerId: string;
  transactionId: string;
  roundId: string;
  gameCode: string;
  amount: bigint;
  currency: string;
  detail?: unknown;
}
export interface WinCall {
  playerId: string;
  transactionId: string;
  roundId: string;
  gameCode: string;
  amount: bigint;
  currency: string;
  betTransactionId?: string;
  endRound: boolean;
  detail?: unknown;
}
export interface RollbackCall {
  playerId: string;
  transactionId: string;
  betTransactionId: string;
  roundId: string;
  gameCode: string;
}
export interface EndRoundCall {
  playerId: string;
  roundId: string;
  gameCode: string;
  detail?: unknown;
}

export interface PlatformClientOptions {
  baseUrl: string;
  providerCode: string;
  secret: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

export class PlatformClient {
  constructor(private readonly opts: PlatformClientOptions) {}

  private async call<T>(
    operation: string,
    body: Record<string, unknown>,
    schema: z.ZodType<T>,
    timeoutMs = this.opts.timeoutMs,
  ): Promise<T> {
    const raw = JSON.stringify(body, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    const timestamp = Date.now();
    const url = `${this.opts.baseUrl.replace(/\/$/, '')}/provider/${this.opts.providerCode}/${operation}`;
    let res: Response;
    try {
      res = await (this.opts.fetchImpl ?? fetch)(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-provider-timestamp': String(timestamp),
          'x-provider-signature': signBody(this.opts.secret, timestamp, raw),
        },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new PlatformError('NETWORK', `platform unreachable: ${(err as Error).message}`, 0, true);
    }
    let parsed: { success?: boolean; value?: unknown; message?: string; code?: string; retryable?: boolean } = {};
    try {
      parsed = (await res.json()) as typeof parsed;
    } catch {
      throw new PlatformError(
        'BAD_RESPONSE',
        `platform answered ${res.status} without JSON`,
        res.status,
        res.status >= 500,
      );
    }
    if (!res.ok || parsed.success !== true) {
      const retryable = res.status >= 500 || res.status === 429 || parsed.retryable === true;
      throw new PlatformError(
        parsed.code ?? 'PLATFORM_ERROR',
        parsed.message ?? `HTTP ${res.status}`,
        res.status,
        retryable,
        parsed.value ?? null,
      );
    }
    const value = schema.safeParse(parsed.value);
    if (!value.success)
      throw new PlatformError('BAD_RESPONSE', 'platform answer did not match the protocol', res.status, false);
    return value.data;
  }

  authenticate(launchToken: string) {
    return this.call('authenticate', { launchToken }, authenticated);
  }
  balance(sessionToken: string) {
    return this.call('balance', { sessionToken }, balanceValue);
  }
  bet(c: BetCall) {
    return this.call('bet', { ...c }, balanceValue);
  }
  win(c: WinCall) {
    return this.call('win', { ...c }, balanceValue);
  }
  /** Many wins in one signed call, each answered on its own (in order). */
  async wins(calls: WinCall[]): Promise<WinsAnswer[]> {
    // Many wins take longer than one: the call's time grows with its size (a timeout queues them all).
    const timeoutMs = this.opts.timeoutMs * Math.max(1, Math.ceil(calls.length / 50));
    const { results } = await this.call('wins', { wins: calls }, winsValue, timeoutMs);
    if (results.length !== calls.length || results.some((r, i) => r.transactionId !== calls[i]!.transactionId))
      throw new PlatformError('BAD_RESPONSE', 'platform answered wins out of order', 200, false);
    return results;
  }
  rollback(c: RollbackCall) {
    return this.call('rollback', { ...c }, balanceValue);
  }
  endRound(c: EndRoundCall) {
    return this.call('endRound', { ...c }, balanceValue);
  }
}
