import type { BodyOutput, QueryOutput, ResponseOf, sportsDeskEndpoints } from '@app/contract';
import type { AuditLog } from '../operator/service.ts';
import { AppError } from '../../http/errors.ts';
import { signatureOf } from '../provider/policy.ts';

type E = typeof sportsDeskEndpoints;
type Actor = { merchantId: number; operatorId: number };

export interface SportsDeskDeps {
  /** House games' base URL (HOUSE_GAMES_URL). */
  houseUrl: string;
  /** The shared house secret (the HOUSE integration's), or undefined when house games is not configured. */
  secret: () => string | undefined;
  audit: AuditLog;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  log?: { warn: (o: object, m: string) => void };
}

/**
 * The house sportsbook's console desk (issue 23 "Console", decision 114). The book lives
 * in house games; each call goes to its operator API, signed like the seamless protocol with the
 * shared house secret (`signatureOf` over `${method} ${path}\n${raw body}`, so a signature is good
 * for that call only). House games' refusals come back as they are (4xx with its code and message);
 * house games unreachable or refusing our signature is 503 VENDOR_MAINTENANCE. Every change is
 * audited with what was asked and the event as it stands after.
 */
export const createSportsDesk = ({ houseUrl, secret, audit, fetchImpl, timeoutMs = 15_000, log }: SportsDeskDeps) => {
  const unavailable = (why: string) => {
    log?.warn({ why }, 'sportsbook operator call failed');
    return new AppError(
      'VENDOR_MAINTENANCE',
      'The sportsbook is not answering right now; please try again shortly',
      503,
    );
  };
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const key = secret();
    if (!key) throw unavailable('no house secret configured');
    const raw = body === undefined ? '' : JSON.stringify(body);
    const ts = String(Date.now());
    let res: Response;
    try {
      res = await (fetchImpl ?? fetch)(`${houseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          ...(raw ? { 'content-type': 'application/json' } : {}),
          'x-provider-timestamp': ts,
          'x-provider-signature': signatureOf(key, ts, `${method} ${path}\n${raw}`),
        },
        ...(raw ? { body: raw } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw unavailable((err as Error).message);
    }
    const answer = (await res.json().catch(() => null)) as {
      success?: boolean;
      value?: unknown;
      code?: string;
      message?: string;
    } | null;
    if (res.ok && answer?.success) return answer.value as T;
    // Our signature refused, or house games failing: the desk can do nothing now.
    if (res.status === 401 || res.status >= 500 || !answer) throw unavailable(`house games answered ${res.status}`);
    throw new AppError(
      answer.code ?? 'VALIDATION_FAILED',
      answer.message ?? 'Refused by the sportsbook',
      res.status,
      answer.value ?? null,
    );
  };
  const qs = (q: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, String(v));
    const s = p.toString();
    return s ? `?${s}` : '';
  };
  const BASE = '/api/operator/sports';

  return {
    events: (q: QueryOutput<E['events']>) => call<ResponseOf<E['events']>>('GET', `${BASE}/events${qs(q)}`),
    liability: (q: QueryOutput<E['liability']>) =>
      call<ResponseOf<E['liability']>>('GET', `${BASE}/events/${q.event}/liability`),
    margins: () => call<ResponseOf<E['margins']>>('GET', `${BASE}/margins`),
    report: (q: QueryOutput<E['report']>) => call<ResponseOf<E['report']>>('GET', `${BASE}/ggr${qs(q)}`),

    async suspend(actor: Actor, body: BodyOutput<E['suspend']>, ip: string) {
      const after = await call<ResponseOf<E['suspend']>>('POST', `${BASE}/suspend`, body);
      await audit(
        actor,
        body.suspended ? 'sports.suspend' : 'sports.resume',
        `sport_event:${body.event}${body.market ? `/${body.market}` : ''}`,
        { ...body },
        ip,
      );
      return after;
    },

    async void(actor: Actor, body: BodyOutput<E['void']>, ip: string) {
      const after = await call<ResponseOf<E['void']>>('POST', `${BASE}/void`, body);
      await audit(
        actor,
        'sports.void',
        `sport_event:${body.event}${body.market ? `/${body.market}` : ''}`,
        { ...body },
        ip,
      );
      return after;
    },

    async setMargin(actor: Actor, body: BodyOutput<E['setMargin']>, ip: string) {
      const before = await call<{ sports: { sport: string; marginBp: number }[] }>('GET', `${BASE}/margins`);
      const after = await call<ResponseOf<E['setMargin']>>('POST', `${BASE}/margins`, body);
      await audit(
        actor,
        'sports.margin',
        `sport:${body.sport}`,
        { before: before.sports.find((s) => s.sport === body.sport)?.marginBp ?? null, after: body.marginBp },
        ip,
      );
      return after;
    },

    async correctResult(actor: Actor, body: BodyOutput<E['correctResult']>, ip: string) {
      const before = await call<{ score: unknown; detail: unknown; voided: boolean; resultVersion: number }>(
        'GET',
        `${BASE}/events/${body.event}`,
      );
      const after = await call<ResponseOf<E['correctResult']>>('POST', `${BASE}/result`, body);
      const { event, ...result } = body;
      await audit(
        actor,
        'sports.result',
        `sport_event:${event}`,
        {
          before: { score: before.voided ? null : before.score, detail: before.detail, version: before.resultVersion },
          after: { ...result, version: after.resultVersion },
        },
        ip,
      );
      return after;
    },
  };
};

export type SportsDesk = ReturnType<typeof createSportsDesk>;
