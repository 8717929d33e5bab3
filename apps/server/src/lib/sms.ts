/**
 * Sending SMS. A provider only delivers text to a number; codes, limits and purposes live in the
 * identity feature (`features/identity/verification`). `http` talks to an SMS gateway configured by environment; `dev` writes
 * the message to the server log and the developer outbox (served only in demo mode).
 */
export interface SmsMessage {
  /** The brand sending it (the development outbox is per brand). */
  merchantId: number;
  /** Country dialing code without '+', e.g. '55'. */
  countryDialingCode: string;
  mobile: string;
  text: string;
  /** Lets a gateway with server-side templates fill its own text. */
  params: Record<string, string>;
}

export type SmsFailure = 'quota' | 'invalid_number' | 'not_enabled' | 'failed';

export class SmsError extends Error {
  constructor(
    readonly kind: SmsFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export type OutboxWriter = (entry: {
  merchantId: number;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  body: string;
}) => Promise<void>;

export const e164 = (m: Pick<SmsMessage, 'countryDialingCode' | 'mobile'>) => `+${m.countryDialingCode}${m.mobile}`;

export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  constructor(
    private readonly outbox: OutboxWriter,
    private readonly log: (msg: string) => void,
    /** Print the text (the code in it) to the log: the demo's convenience, never outside it. */
    private readonly showText = true,
  ) {}

  async send(message: SmsMessage) {
    this.log(
      `[dev sms] to ${e164(message)}: ${this.showText ? message.text : '(not sent; the text stays out of the log outside demo mode)'}`,
    );
    await this.outbox({
      merchantId: message.merchantId,
      channel: 'sms',
      to: e164(message),
      subject: null,
      body: message.text,
    });
  }
}

export interface HttpSmsOptions {
  url: string;
  token?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  templateId?: string | undefined;
  sender?: string | undefined;
  timeoutMs?: number;
}

/**
 * A generic JSON SMS gateway: POST { to, text, templateId?, params, sender? } with a bearer
 * token or basic credentials. 402/403 with a quota hint map to 'quota', 400/422 to an invalid
 * number, anything else that is not 2xx to a plain failure.
 */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';
  constructor(private readonly opts: HttpSmsOptions) {}

  async send(message: SmsMessage) {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.opts.token) headers.authorization = `Bearer ${this.opts.token}`;
    else if (this.opts.username) {
      headers.authorization = `Basic ${Buffer.from(`${this.opts.username}:${this.opts.password ?? ''}`).toString('base64')}`;
    }
    let res: Response;
    try {
      res = await fetch(this.opts.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          to: e164(message),
          text: message.text,
          params: message.params,
          ...(this.opts.templateId ? { templateId: this.opts.templateId } : {}),
          ...(this.opts.sender ? { sender: this.opts.sender } : {}),
        }),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new SmsError('failed', `SMS gateway unreachable: ${(err as Error).message}`);
    }
    if (res.ok) return;
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    if (res.status === 402 || /quota|balance|insufficient/i.test(detail)) throw new SmsError('quota', detail);
    if (res.status === 400 || res.status === 422) throw new SmsError('invalid_number', detail);
    if (res.status === 403) throw new SmsError('not_enabled', detail);
    throw new SmsError('failed', `SMS gateway answered ${res.status}: ${detail}`);
  }
}

export const renderTemplate = (template: string, params: Record<string, string>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');
