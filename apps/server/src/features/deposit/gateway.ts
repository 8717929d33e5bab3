/**
 * Payment gateways plug in here (docs/decisions: deposits and the sandbox gateway). An adapter
 * starts a payment and judges the gateway's callbacks; the deposit service does the rest (amount
 * and currency checks, crediting once per gateway reference). Real gateways are added as adapters
 * and registered on `deposits.gateways`; channels name their gateway by code.
 */
export interface GatewayEvent {
  /** The gateway's own reference of the payment: what makes a callback idempotent. */
  gatewayRef: string;
  /** Our deposit id, as we gave it when the payment started. */
  merchantOrder: string;
  amount: bigint;
  currency: string;
  status: 'paid' | 'failed';
}

export type WebhookVerdict = { ok: true; event: GatewayEvent } | { ok: false; reason: string };

export interface PaymentGatewayAdapter {
  readonly code: string;
  /** Starts a payment; `payUrl` is where the member pays (absolute, or a path on this site). */
  createPayment(input: {
    merchantOrder: string;
    amount: bigint;
    currency: string;
    notifyUrl: string;
    returnUrl: string;
  }): Promise<{ gatewayRef: string; payUrl: string }>;
  /** Checks a callback's signature and freshness on the raw body; never trusts the body first. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): WebhookVerdict;
}

/** The gateways members can pay through, by code. */
export const createGatewayRegistry = (adapters: PaymentGatewayAdapter[] = []) => {
  const byCode = new Map(adapters.map((a) => [a.code, a]));
  return {
    register(adapter: PaymentGatewayAdapter): void {
      byCode.set(adapter.code, adapter);
    },
    get(code: string): PaymentGatewayAdapter | undefined {
      return byCode.get(code);
    },
    codes(): string[] {
      return [...byCode.keys()];
    },
  };
};

export type GatewayRegistry = ReturnType<typeof createGatewayRegistry>;
