import { sealPayload, type ContractTerms } from '@app/contract';
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { periodOf } from '../../src/features/agent/contracts/periods.ts';
import { rowsOf } from '../rows.ts';
import { totpAt } from '../../src/lib/totp.ts';
import { HOUSE } from '../../src/features/provider/registry.ts';
import { checkLedger } from '../../src/features/wallet/ledger-check/data.ts';
import { playRound } from '../factories/agent.ts';
import { seamlessSessions } from '../factories/provider.ts';
import { MEMBER_PASSWORD, PAYMENT_PASSWORD, createAgent, createMember, sessionFor } from '../factories/wallet.ts';
import { OPERATOR_PASSWORD, bearer, signed, startCluster, type Answer, type Client, type Cluster } from './cluster.ts';

/**
 * Two platform instances on one PostgreSQL and one Redis behind nginx (issue 16, decision 052):
 * what a person does through the proxy works whichever instance answers, every scheduled job runs
 * once, and a vendor's load split over both, with one instance killed half-way, loses nothing the
 * vendor was told. "Lane A" and "lane B" are the proxy's pinned ports of instance A and B: the
 * same proxying, with the instance chosen, so "made on A, used on B" can be shown.
 *
 * Each client connects from a loopback address of its own (127.0.0.2 and up); the proxy reaches
 * the instances from 127.0.0.1, their TRUST_PROXY. The tests run in order on one cluster and build
 * on each other: work made due on the way (a withdrawal, a salary period) is checked by the last.
 */
const A = 0;
const B = 1;
/** How long an instance may keep answering from its brand and wallet-rule caches (README). */
const SETTINGS_BOUND_MS = 3000;
/** What a test waits beyond a bound: its own polling and the requests' time on a busy machine. */
const SLACK_MS = 1000;
/** CATALOG_CACHE_TTL_MS of the instances (2 s): another instance follows within twice it. */
const CATALOG_BOUND_MS = 2 * 2000;
/** How often the tests look again while waiting for another instance to follow. */
const POLL_MS = 100;

let cluster: Cluster;
let fx: AppContext;
let merchantId: number;
let failed = false;
const figures: string[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Seconds since `t0`, for the figures. */
const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const ok = <T>(a: Answer<T>, what: string): T => {
  if (a.status !== 200 || !a.body?.success) throw new Error(`${what}: ${a.status} ${a.text.slice(0, 300)}`);
  return a.body.value;
};
/**
 * Waits until `check` holds, and says how long that took. It fails the test past `limitMs`,
 * naming what `seen` last returned.
 */
const until = async (what: string, limitMs: number, check: () => Promise<boolean>, seen?: () => unknown) => {
  const t0 = performance.now();
  while (!(await check())) {
    if (performance.now() - t0 > limitMs)
      throw new Error(`${what}: not within ${limitMs} ms${seen ? `; last seen ${JSON.stringify(seen())}` : ''}`);
    await sleep(POLL_MS);
  }
  return Math.round(performance.now() - t0);
};
const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: unknown }>(await fx.db.execute(query))[0]!.n);

/**
 * The first operator's session. In production mode (the cluster runs so) the bootstrap admin takes
 * its first steps once (decision 054): a password of its own, then an authenticator. The token is
 * shared by every test: a one-time code cannot be spent twice, so the login is not repeated.
 */
let adminSession: Promise<string> | undefined;
const operatorLogin = (c: Client) => (adminSession ??= firstOperatorLogin(c));
const firstOperatorLogin = async (c: Client) => {
  const first = ok(
    await c.request<{ token: string; pending: string[] }>('/wps/operator/session/login', {
      json: { username: 'admin', password: OPERATOR_PASSWORD },
    }),
    'operator login',
  );
  const step = async <T>(path: string, json: unknown, what: string) =>
    ok(await c.request<T>(path, { json, headers: bearer(first.token) }), what);
  if (first.pending.includes('password_change'))
    await step(
      '/wps/operator/account/password',
      { currentPassword: OPERATOR_PASSWORD, newPassword: `${OPERATOR_PASSWORD}-own-2026` },
      'own password',
    );
  if (first.pending.includes('totp_enrol')) {
    const { secret } = await step<{ secret: string }>('/wps/operator/account/totp/setup', {}, 'authenticator');
    await step('/wps/operator/account/totp/enable', { code: totpAt(secret, Date.now()) }, 'authenticator code');
  }
  return first.token;
};

/** A sealed login as the web app sends it: the key from one instance, the login to another. */
const login = async (
  keyFrom: Client,
  to: Client,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => {
  const key = ok(
    await keyFrom.request<{ kid: string; publicKey: string; required: boolean }>('/wps/session/encryption-key'),
    'encryption key',
  );
  const sealed = await sealPayload(key, '/wps/session/login', { type: 'username', ...body });
  return to.request<{ token: string; captcha: boolean }>('/wps/session/login', { json: sealed, headers });
};

beforeAll(async () => {
  const t0 = performance.now();
  cluster = await startCluster();
  figures.push(`cluster up (database, both instances started at once, nginx): ${seconds(t0)}`);
  fx = await cluster.fixtures();
  merchantId = await fx.merchants.resolveId(undefined);
}, 180_000);

afterEach((c) => {
  if (c.task.result?.state === 'fail') failed = true;
});

afterAll(async () => {
  if (!cluster) return;
  if (failed) {
    for (const i of cluster.instances) console.log(`---- instance ${i.name} log (tail)\n${i.log().slice(-4000)}`);
    console.log(`---- nginx\n${cluster.proxy.output().slice(-3000)}`);
  }
  await cluster.stop({ keep: failed });
  if (failed) console.log(`cluster files kept in ${cluster.dir}`);
  console.log(`\n==== cluster test figures\n${figures.map((f) => `  ${f}`).join('\n')}\n`);
}, 60_000);

describe('starting two instances at once', () => {
  it('one migrates and seeds the empty database, the other waits for it; both answer', async () => {
    expect(cluster.instances.map((i) => i.up())).toEqual([true, true]);
    expect(await count(sql`SELECT count(*) AS n FROM merchants`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM operators`)).toBe(1);
  });
});

describe('the proxy', () => {
  it('passes the client address, scheme, host and request id; a client cannot forge them', async () => {
    const site = cluster.site('127.0.0.2');
    const status = await site.request<{ location: { ip: string } }>('/wps/system/status', {
      headers: { 'x-forwarded-for': '203.0.113.50', 'x-request-id': 'chosen-by-client-0001' },
    });
    expect(ok(status, 'status').location.ip).toBe('127.0.0.2');
    // nginx's own request id reached the platform (it echoes it) and is in nginx's log line.
    const rid = String(status.headers['x-request-id']);
    expect(rid).toMatch(/^[0-9a-f]{32}$/);
    await until('the request in nginx’s log', 2000, async () =>
      cluster.proxy.accessEntries().some((e) => e.requestId === rid),
    );
    // Straight to an instance, the same header is not believed: the client is not the proxy.
    const direct = await cluster.direct(A, '127.0.0.2').request<{ location: { ip: string } }>('/wps/system/status', {
      headers: { 'x-forwarded-for': '203.0.113.50' },
    });
    expect(ok(direct, 'direct status').location.ip).toBe('127.0.0.2');
    // HSTS: the platform knows it is served over https (PUBLIC_BASE_URL), behind the proxy's TLS.
    expect(status.headers['strict-transport-security']).toBeDefined();

    // The scheme and host the browser used reach the platform: the sign-in popup's origin.
    const origin = `https://127.0.0.1:${cluster.proxy.ports.https}`;
    const popup = await site.request('/wps/session/oauth/unknown/start');
    expect(popup.text).toContain(`var target = ${JSON.stringify(origin)};`);
    const forged = await cluster.direct(A, '127.0.0.2').request('/wps/session/oauth/unknown/start', {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    expect(forged.text).toContain(`var target = ${JSON.stringify(`http://${cluster.instances[A]!.address}`)};`);

    const plain = await fetch(`http://127.0.0.1:${cluster.proxy.ports.http}/member?page=depositv2`, {
      redirect: 'manual',
    });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://127.0.0.1/member?page=depositv2');
  });

  it('balances requests over both instances', async () => {
    const site = cluster.site('127.0.0.2');
    const before = cluster.proxy.accessEntries().length;
    for (let i = 0; i < 10; i++) ok(await site.request('/wps/system/status'), 'status');
    const served = new Set(
      cluster.proxy
        .accessEntries()
        .slice(before)
        .map((e) => e.upstream),
    );
    expect([...served].sort()).toEqual(cluster.instances.map((i) => i.address).sort());
  });
});

describe('sessions', () => {
  it('a login sealed with the key from A is accepted by B; the session works on both; a logout on A ends it on B', async () => {
    const member = await createMember(fx, { merchantId });
    const laneA = cluster.lane(A, '127.0.0.3');
    const laneB = cluster.lane(B, '127.0.0.3');
    // Plain credentials are refused outside demo mode: the seal is what makes the key matter.
    const plain = await laneB.request('/wps/session/login', {
      json: { type: 'username', username: member.username, password: MEMBER_PASSWORD },
    });
    expect(plain.body?.code).toBe('PAYLOAD_ENCRYPTION_REQUIRED');
    const { token } = ok(
      await login(laneA, laneB, { username: member.username, password: MEMBER_PASSWORD }),
      'login on B',
    );
    ok(await laneA.request('/wps/v2/wallets/balance', { headers: bearer(token) }), 'balance on A');
    ok(await laneB.request('/wps/v2/wallets/balance', { headers: bearer(token) }), 'balance on B');
    ok(await laneA.request('/wps/session/logout', { method: 'POST', headers: bearer(token) }), 'logout on A');
    expect((await laneB.request('/wps/v2/wallets/balance', { headers: bearer(token) })).status).toBe(401);
  });
});

describe('login limits and captcha', () => {
  it('failures counted on A make B ask for a captcha; a captcha issued by A passes on B', async () => {
    const member = await createMember(fx, { merchantId });
    const laneA = cluster.lane(A, '127.0.0.4');
    const laneB = cluster.lane(B, '127.0.0.4');
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await login(laneA, laneA, { username: member.username, password: 'wrong-1' }));
    expect(answers.map((a) => [a.status, a.body?.code])).toEqual([
      [401, 'INVALID_CREDENTIALS'],
      [401, 'INVALID_CREDENTIALS'],
      [401, 'INVALID_CREDENTIALS'],
    ]);
    expect(answers[2]!.body?.value).toMatchObject({ captcha: true });

    const refused = await login(laneB, laneB, { username: member.username, password: MEMBER_PASSWORD });
    expect([refused.status, refused.body?.code]).toEqual([400, 'CAPTCHA_REQUIRED']);

    // The browser fetches the captcha from A (cookie lotus_cid); the test reads the answer where
    // A keeps it, in Redis, standing in for the person reading the picture; B checks it.
    const captcha = await laneA.request('/wps/captcha');
    ok(captcha, 'captcha');
    const cookie = String(captcha.headers['set-cookie']).split(';')[0]!;
    const clientId = cookie.split('=')[1]!;
    const text = await cluster.redis.get(`${cluster.redisPrefix}captcha:${clientId}`);
    expect(text).toBeTruthy();
    const passed = await login(
      laneA,
      laneB,
      { username: member.username, password: MEMBER_PASSWORD, captcha: text },
      { cookie },
    );
    expect(ok(passed, 'login with the captcha from A, on B').token).toBeTruthy();
  });

  it('the per-IP attempt limit counts attempts on both instances, per client address', async () => {
    // LOGIN_MAX_ATTEMPTS_PER_IP=10 on both: five attempts on each, then either refuses.
    const lanes = [cluster.lane(A, '127.0.0.5'), cluster.lane(B, '127.0.0.5')];
    for (let i = 0; i < 10; i++) {
      const a = await login(lanes[i % 2]!, lanes[i % 2]!, { username: `nobody${i}`, password: 'wrong-1' });
      expect(a.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const lane of lanes) {
      const a = await login(lane, lane, { username: 'nobody-more', password: 'wrong-1' });
      expect([a.status, a.body?.code]).toEqual([429, 'RATE_LIMITED']);
    }
    // Another client, through the same proxy, is not limited: the limit is on the client's address.
    const other = await login(lanes[0]!, cluster.lane(B, '127.0.0.6'), { username: 'nobody', password: 'wrong-1' });
    expect(other.status).toBe(401);
  });
});

describe('settings', () => {
  it('wallet rules saved on A are used by B within the bound', async () => {
    const laneA = cluster.lane(A, '127.0.0.7');
    const laneB = cluster.lane(B, '127.0.0.7');
    const admin = await operatorLogin(laneA);
    const token = await sessionFor(fx, await createMember(fx, { merchantId }));
    const info = async () =>
      ok(
        await laneB.request<{ autoConfirmMinutes: number }>('/wps/v2/withdrawals/info', { headers: bearer(token) }),
        'withdrawal info on B',
      ).autoConfirmMinutes;
    // B reads the rules now, so it holds them in its cache when A changes them.
    expect(await info()).toBe(24 * 60);
    const current = ok(
      await laneA.request<Record<string, unknown>>('/wps/operator/wallets/settings', { headers: bearer(admin) }),
      'wallet settings',
    );
    ok(
      await laneA.request('/wps/operator/wallets/settings', {
        method: 'PUT',
        headers: bearer(admin),
        json: { ...current, autoConfirmMinutes: 1, turnoverPercent: 0 },
      }),
      'wallet settings saved on A',
    );
    const took = await until(
      'B uses the rules saved on A',
      SETTINGS_BOUND_MS + SLACK_MS,
      async () => (await info()) === 1,
    );
    figures.push(`wallet rules saved on A, used by B ${took} ms later (B keeps them ${SETTINGS_BOUND_MS} ms)`);
  });

  it('maintenance switched on at A closes the player API on B within the bound, and off opens it again', async () => {
    const laneA = cluster.lane(A, '127.0.0.7');
    const laneB = cluster.lane(B, '127.0.0.7');
    const admin = await operatorLogin(laneA);
    const token = await sessionFor(fx, await createMember(fx, { merchantId }));
    const balanceOnB = () => laneB.request('/wps/v2/wallets/balance', { headers: bearer(token) });
    expect((await balanceOnB()).status).toBe(200);
    const maintenance = (enabled: boolean) =>
      laneA.request('/wps/operator/system/maintenance', {
        method: 'PUT',
        headers: bearer(admin),
        json: { enabled, endTime: null, message: 'Cluster test' },
      });
    ok(await maintenance(true), 'maintenance on at A');
    try {
      const closed = await until('B under maintenance', SETTINGS_BOUND_MS + SLACK_MS, async () => {
        const a = await balanceOnB();
        return a.status === 503 && a.body?.code === 'MAINTENANCE';
      });
      figures.push(
        `maintenance switched on at A, answered by B ${closed} ms later (B keeps the brand ${SETTINGS_BOUND_MS} ms)`,
      );
    } finally {
      ok(await maintenance(false), 'maintenance off at A');
    }
    await until('B open again', SETTINGS_BOUND_MS + SLACK_MS, async () => (await balanceOnB()).status === 200);
  });
});

/** What the jobs test checks at the end: work made due on the way. */
const due = {
  withdrawalId: 0,
  depositorId: 0,
  agent: { id: 0, merchantId: 0 },
  periodKey: '',
};

describe('live feed', () => {
  type FeedEvent = { event: string; data: { kind?: string; reason?: string | null } };
  const events: FeedEvent[] = [];
  let token = '';
  let admin = '';

  it('a deposit credited on B reaches the member’s browser connected to A', async () => {
    const laneA = cluster.lane(A, '127.0.0.8');
    const laneB = cluster.lane(B, '127.0.0.8');
    const site = cluster.site('127.0.0.8');
    admin = await operatorLogin(laneA);
    const member = await createMember(fx, { merchantId });
    due.depositorId = member.id;
    token = await sessionFor(fx, member);

    const socket = laneA.socket();
    socket.on('message', (raw) => events.push(JSON.parse(String(raw)) as FeedEvent));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'auth', token }));
    await until('the feed says hello', 5000, async () => events.some((e) => e.event === 'hello'));

    const channel = ok(
      await laneA.request<{ id: number }>('/wps/operator/deposit-channels', {
        headers: bearer(admin),
        json: {
          code: 'PIX_CLUSTER',
          kind: 'bank',
          name: 'PIX',
          enabled: true,
          minAmount: '1000',
          maxAmount: '10000000',
          bank: { bankName: 'Banco Azul', accountName: 'Lotus Pagamentos', accountNumber: '0001-99' },
        },
      }),
      'deposit channel',
    );
    const created = ok(
      await site.request<{ deposit: { id: number } }>('/wps/v2/deposits', {
        headers: bearer(token),
        json: { channelId: channel.id, amount: '50000', requestId: `cluster-deposit-${Date.now()}`, reference: 'PIX' },
      }),
      'deposit',
    );
    const t0 = performance.now();
    ok(
      await laneB.request(`/wps/operator/deposits/${created.deposit.id}/confirm`, { headers: bearer(admin), json: {} }),
      'deposit confirmed on B',
    );
    await until('the notification on A', 5000, async () =>
      events.some((e) => e.event === 'notification' && e.data.kind === 'deposit_credited'),
    );
    figures.push(
      `deposit confirmed on B, its notification on A's live feed ${Math.round(performance.now() - t0)} ms later`,
    );
    // The balance push follows the message (announced after it).
    await until('the balance push on A', 5000, async () =>
      events.some((e) => e.event === 'balance' && e.data.reason === 'deposit'),
    );
    socket.close();
  });

  it('a withdrawal approved on A and paid on B: its auto-confirm falls due a minute later', async () => {
    const site = cluster.site('127.0.0.8');
    const bank = ok(
      await site.request<{ id: number }>('/wps/v2/bank-accounts', {
        headers: bearer(token),
        json: { bankName: 'Banco Azul', accountName: 'Ana Souza', accountNumber: '0001-4242' },
      }),
      'bank account',
    );
    const requested = ok(
      await site.request<{ id: number }>('/wps/v2/withdrawals', {
        headers: bearer(token),
        json: {
          bankAccountId: bank.id,
          amount: '20000',
          paymentPassword: PAYMENT_PASSWORD,
          requestId: `cluster-withdrawal-${Date.now()}`,
        },
      }),
      'withdrawal',
    );
    due.withdrawalId = requested.id;
    ok(
      await cluster
        .lane(A, '127.0.0.8')
        .request(`/wps/operator/withdrawals/${requested.id}/approve`, { headers: bearer(admin), json: {} }),
      'approved on A',
    );
    const paid = ok(
      await cluster.lane(B, '127.0.0.8').request<{ status: string }>(`/wps/operator/withdrawals/${requested.id}/paid`, {
        headers: bearer(admin),
        json: { payoutReference: 'cluster' },
      }),
      'paid on B',
    );
    expect(paid.status).toBe('paid');
  });
});

describe('agent salary', () => {
  const DAILY: ContractTerms = {
    kind: 'daily',
    activeThreshold: '1000',
    tiers: [{ betAmount: '10000', activeMemberCount: 1, profitSalaryRate: 50, lossSalaryRate: 100 }],
  };

  it('a contract offered on A and accepted on B; yesterday’s period is owed', async () => {
    const admin = await operatorLogin(cluster.lane(A, '127.0.0.9'));
    const agent = await createAgent(fx, { merchantId });
    due.agent = agent;
    const member = await createMember(fx, { merchantId, uplineId: agent.id });
    const offer = ok(
      await cluster.lane(A, '127.0.0.9').request<{ id: number }>('/wps/operator/agent/contract/offer', {
        headers: bearer(admin),
        json: { downlineId: agent.id, terms: DAILY },
      }),
      'offered on A',
    );
    ok(
      await cluster.lane(B, '127.0.0.9').request('/wps/agent/contract/action', {
        headers: bearer(await sessionFor(fx, agent)),
        json: { contractId: offer.id, action: 'accept' },
      }),
      'accepted on B',
    );
    // The contract has been in force for three days and the member played yesterday (a fixture:
    // the test cannot wait for a day to end); the instances' scheduler finds the period owed.
    await fx.db.execute(sql`UPDATE agent_contracts SET active_from = now() - interval '3 days' WHERE id = ${offer.id}`);
    const tz = (await fx.merchants.brand(merchantId)).merchant.timezone;
    const yesterday = periodOf('daily', new Date(Date.now() - 86_400_000), tz);
    due.periodKey = yesterday.key;
    await playRound(fx, member, { bet: 50_000n, win: 0n, at: new Date(yesterday.start.getTime() + 3_600_000) });
  });
});

describe('the catalogue', () => {
  const games: Record<string, number> = {};
  beforeAll(async () => {
    const report = await fx.catalog.manage.importCatalogue(merchantId, {
      vendors: [{ row: 1, value: { vassalage: 'CLV', displayName: 'Cluster Slots', gameTypes: ['RNG'] } }],
      categories: [],
      games: [1, 2, 3].map((n) => ({
        row: n,
        value: { vassalage: 'CLV', gameCode: `CLV_${n}`, gameType: 'RNG', names: { PT: `Jogo ${n}`, EN: `Game ${n}` } },
      })),
    });
    expect(report.rejected).toEqual([]);
    for (const r of rowsOf<{ id: number; game_code: string }>(
      await fx.db.execute(sql`SELECT id, game_code FROM games WHERE vassalage = 'CLV'`),
    ))
      games[r.game_code] = Number(r.id);
  });

  const laneA = () => cluster.lane(A, '127.0.0.10');
  const laneB = () => cluster.lane(B, '127.0.0.10');
  const listOnB = async () =>
    ok(
      await laneB().request<{ games: { gameCode: string }[] }>(
        '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=CLV&pageSize=50',
      ),
      'game list on B',
    ).games.map((g) => g.gameCode);
  const vendorsOnB = async () =>
    ok(
      await laneB().request<{ list: { vassalage: string }[] }>('/wps/relay/GCSGAME_getVassGameType?gameType=RNG'),
      'vendors on B',
    ).list.map((v) => v.vassalage);
  const hotOnB = async () =>
    ok(
      await laneB().request<{ list: { nodeId: number }[] }>('/wps/relay/GCSGAME_hotGamesV2?gameType=RNG'),
      'hot list on B',
    ).list.map((g) => g.nodeId);

  it('a game marked hot on A is in B’s hot list within the bound', async () => {
    const admin = await operatorLogin(laneA());
    await until('B lists the imported games', CATALOG_BOUND_MS + SLACK_MS, async () => (await listOnB()).length === 3);
    expect(await hotOnB()).not.toContain(games.CLV_2);
    ok(
      await laneA().request('/wps/operator/catalog/games/hot', {
        method: 'PUT',
        headers: bearer(admin),
        json: { nodeIds: [games.CLV_2], isHot: true },
      }),
      'hot on A',
    );
    const took = await until('B shows the hot game', CATALOG_BOUND_MS + SLACK_MS, async () =>
      (await hotOnB()).includes(games.CLV_2!),
    );
    figures.push(`game marked hot on A, in B's hot list ${took} ms later (bound ${CATALOG_BOUND_MS} ms)`);
  });

  it('a vendor switched off on A leaves B’s game list and vendor list within the bound', async () => {
    const admin = await operatorLogin(laneA());
    expect(await listOnB()).toEqual(expect.arrayContaining(['CLV_1', 'CLV_2', 'CLV_3']));
    expect(await vendorsOnB()).toContain('CLV');
    const enabled = (on: boolean) =>
      laneA().request('/wps/operator/catalog/vendors/enabled', {
        method: 'PUT',
        headers: bearer(admin),
        json: { vassalage: 'CLV', gameType: 'RNG', enabled: on },
      });
    ok(await enabled(false), 'vendor off on A');
    let last = {};
    const took = await until(
      'B no longer lists the vendor',
      CATALOG_BOUND_MS + SLACK_MS,
      async () => {
        const [list, vendors] = await Promise.all([listOnB(), vendorsOnB()]);
        last = { games: list, vendors };
        return list.length === 0 && !vendors.includes('CLV');
      },
      () => last,
    );
    figures.push(`vendor switched off on A, gone from B's lists ${took} ms later (bound ${CATALOG_BOUND_MS} ms)`);
    ok(await enabled(true), 'vendor on again at A');
    await until('B lists the vendor again', CATALOG_BOUND_MS + SLACK_MS, async () => (await listOnB()).length === 3);
  });
});

describe('the seamless wallet under load', () => {
  const PLAYERS = 48;
  const FUNDS = 1_000_000_000n;
  const CONNECTIONS = 24;
  const PAIRS = 1200;
  const GAME = 'HGS_CLUSTER';
  let sessions: { memberId: number; merchantId: number; playerId: string; sessionToken: string }[] = [];
  /** Each player's balance as the vendor was told it, over every phase. */
  const expected = new Map<number, bigint>();
  const vendor = { sent: 0, acknowledged: 0, retried: 0, dropped: 0, proxyErrors: 0, platformErrors: 0 };
  /** Transaction ids the vendor was answered for, and how many of them moved money (bets and non-zero wins). */
  const acknowledged = new Set<string>();
  const moving = new Map<string, number>();

  beforeAll(async () => {
    sessions = (await seamlessSessions(fx, { players: PLAYERS, funds: FUNDS, gameCode: GAME })).sessions;
    for (const s of sessions) expected.set(s.memberId, FUNDS);
  }, 120_000);

  /**
   * A vendor's server: CONNECTIONS workers through the balanced site, each playing its players'
   * rounds (a bet, then a win) one after another. A call that gets no answer (the connection
   * dropped, or the proxy's own error page) is sent again, freshly signed, until it is answered.
   */
  const play = async (label: string, onAnswered: (n: number) => void = () => {}) => {
    const site = cluster.site('127.0.0.11', CONNECTIONS);
    const secret = cluster.secrets.providerHouse;
    const call = async (op: 'bet' | 'win', body: Record<string, unknown>) => {
      for (let attempt = 0; attempt < 300; attempt++) {
        if (attempt > 0) vendor.retried++;
        vendor.sent++;
        const a = await site
          .request<{ balance: string }>(`/provider/${HOUSE}/${op}`, signed(secret, body))
          .catch(() => null);
        if (a?.status === 200 && a.body?.success) {
          acknowledged.add(String(body.transactionId));
          if (op === 'bet' || body.amount !== '0') moving.set(label, (moving.get(label) ?? 0) + 1);
          onAnswered(++vendor.acknowledged);
          return BigInt(a.body.value.balance);
        }
        if (a?.body && a.status < 500) throw new Error(`${op} ${String(body.transactionId)} refused: ${a.text}`);
        if (!a) vendor.dropped++;
        else if (a.body) vendor.platformErrors++;
        else vendor.proxyErrors++;
        await sleep(50);
      }
      throw new Error(`${op} ${String(body.transactionId)} was never answered`);
    };
    const perPlayer = PAIRS / PLAYERS;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, c) => {
        for (let p = c; p < PLAYERS; p += CONNECTIONS) {
          const s = sessions[p]!;
          let balance = expected.get(s.memberId)!;
          for (let i = 0; i < perPlayer; i++) {
            const roundId = `${label}-r-${p}-${i}`;
            const afterBet = await call('bet', {
              sessionToken: s.sessionToken,
              playerId: s.playerId,
              transactionId: `${label}-b-${p}-${i}`,
              roundId,
              gameCode: GAME,
              amount: '100',
              currency: 'BRL',
            });
            balance -= 100n;
            expect(afterBet, `balance after bet ${roundId}`).toBe(balance);
            const win = (p + i) % 3 === 0 ? 250n : 0n;
            const afterWin = await call('win', {
              playerId: s.playerId,
              transactionId: `${label}-w-${p}-${i}`,
              roundId,
              gameCode: GAME,
              amount: String(win),
              currency: 'BRL',
              endRound: true,
            });
            balance += win;
            expect(afterWin, `balance after win ${roundId}`).toBe(balance);
          }
          expected.set(s.memberId, balance);
        }
      }),
    );
  };

  /** Every call the vendor was answered is stored once, nothing else is, and the books balance. */
  const verify = async (label: string) => {
    const stored = rowsOf<{ ids: number; rounds: number; open: number; bets: string }>(
      await fx.db.execute(sql`
        SELECT (SELECT count(*)::int FROM provider_transactions WHERE transaction_id LIKE ${`${label}-%`}) AS ids,
               (SELECT count(*)::int FROM game_rounds WHERE round_id LIKE ${`${label}-%`}) AS rounds,
               (SELECT count(*)::int FROM game_rounds WHERE round_id LIKE ${`${label}-%`} AND status <> 'closed') AS open,
               (SELECT sum(bet_total)::text FROM game_rounds WHERE round_id LIKE ${`${label}-%`}) AS bets`),
    )[0]!;
    expect(stored).toEqual({ ids: 2 * PAIRS, rounds: PAIRS, open: 0, bets: String(100 * PAIRS) });
    // The ids stored are exactly the ids the vendor was answered for, and each moved money once.
    const ids = rowsOf<{ transaction_id: string }>(
      await fx.db.execute(
        sql`SELECT transaction_id FROM provider_transactions WHERE transaction_id LIKE ${`${label}-%`}`,
      ),
    ).map((r) => r.transaction_id);
    expect(ids.filter((id) => !acknowledged.has(id))).toEqual([]);
    expect([...acknowledged].filter((id) => id.startsWith(`${label}-`) && !ids.includes(id))).toEqual([]);
    expect(
      await count(sql`SELECT count(*) AS n FROM ledger_transactions
                       WHERE idempotency_key LIKE ${`pv:${HOUSE}:${label}-%`}`),
    ).toBe(moving.get(label));
    for (const s of sessions)
      expect((await fx.wallet.balance(s.merchantId, s.memberId)).balance, `member ${s.memberId}`).toBe(
        expected.get(s.memberId),
      );
    expect((await checkLedger(fx.db)).breaches).toEqual([]);
  };

  /** Provider calls in the access log since `from`, by the instance that answered them. */
  const servedBy = (from: number) => {
    const by = new Map<string, number>();
    for (const e of cluster.proxy.accessEntries().slice(from)) {
      if (!e.uri.startsWith(`/provider/${HOUSE}/`)) continue;
      const last = e.upstream.split(', ').at(-1)!;
      by.set(last, (by.get(last) ?? 0) + 1);
    }
    return cluster.instances.map((i) => `${i.name} ${by.get(i.address) ?? 0}`).join(', ');
  };

  it('bets and wins split over both instances are each applied once, and every ledger invariant holds', async () => {
    const from = cluster.proxy.accessEntries().length;
    const t0 = performance.now();
    await play('c1');
    const took = (performance.now() - t0) / 1000;
    await verify('c1');
    const split = servedBy(from);
    for (const i of cluster.instances) expect(split).not.toMatch(new RegExp(`\\b${i.name} 0\\b`));
    figures.push(
      `load: ${PAIRS} bet/win pairs from ${CONNECTIONS} vendor connections in ${took.toFixed(1)} s ` +
        `(${Math.round(PAIRS / took)} pairs/s), calls answered by ${split}`,
    );
  });

  it('kill -9 of one instance mid-load: the vendor’s retries reach the other; nothing acknowledged is lost', async () => {
    const before = { ...vendor };
    const from = cluster.proxy.accessEntries().length;
    const victim = cluster.instances[A]!;
    const calls = 2 * PAIRS;
    let killedAt = 0;
    let restarted: Promise<number> | null = null;
    await play('c2', (n) => {
      if (killedAt || n - before.acknowledged < calls / 3) return;
      killedAt = n;
      // The instance dies with calls in flight; a supervisor starts it again, and the proxy
      // sends it traffic again once it answers.
      restarted = (async () => {
        await victim.kill();
        const t0 = performance.now();
        await victim.start();
        return performance.now() - t0;
      })();
    });
    expect(killedAt).toBeGreaterThan(0);
    const restartMs = await restarted!;
    await verify('c2');
    const retried = vendor.retried - before.retried;
    expect(retried, 'calls in flight on the killed instance were sent again').toBeGreaterThan(0);
    expect(vendor.platformErrors, 'no 5xx envelope from the platform itself').toBe(0);
    figures.push(
      `kill: instance ${victim.name} killed (SIGKILL) after ${killedAt - before.acknowledged} of ${calls} calls; ` +
        `${retried} calls sent again (answered by the proxy's error page ${vendor.proxyErrors - before.proxyErrors}, ` +
        `connection dropped ${vendor.dropped - before.dropped}); ` +
        `restarted in ${(restartMs / 1000).toFixed(1)} s; calls answered by ${servedBy(from)}`,
    );
    figures.push(
      `vendor totals: ${vendor.sent} calls sent, ${vendor.acknowledged} acknowledged (each applied once), ` +
        `${vendor.retried} retried, ${vendor.platformErrors} platform 5xx, 1 kill`,
    );
    // Both instances take traffic again.
    const site = cluster.site('127.0.0.2');
    await until('the proxy sends traffic to the restarted instance', 15_000, async () => {
      const n = cluster.proxy.accessEntries().length;
      for (let i = 0; i < 4; i++) await site.request('/wps/system/status');
      return cluster.proxy
        .accessEntries()
        .slice(n)
        .some((e) => e.upstream === victim.address && e.status === 200);
    });
  });
});

describe('scheduled jobs', () => {
  it('each (job, period, subject) ran exactly once, whichever instance took it', async () => {
    const wid = due.withdrawalId;
    const waited = await until(
      'the withdrawal auto-confirmed, the salary paid, the deposit rolled up',
      150_000,
      async () => {
        const [withdrawal, settled, rolled] = await Promise.all([
          count(sql`SELECT count(*) AS n FROM withdrawals WHERE id = ${wid} AND status = 'completed'`),
          count(sql`SELECT count(*) AS n FROM agent_settlements
                   WHERE beneficiary_id = ${due.agent.id} AND period_key = ${due.periodKey} AND status = 'paid'`),
          count(sql`SELECT count(*) AS n FROM member_daily_stats
                   WHERE member_id = ${due.depositorId} AND deposit > 0 AND withdrawal > 0`),
        ]);
        return withdrawal === 1 && settled === 1 && rolled === 1;
      },
    );

    // Every job row: once per (name, key), done on its first attempt, none failed.
    const jobs = rowsOf<{ name: string; key: string; state: string; attempts: number }>(
      await fx.db.execute(sql`SELECT name, key, state, attempts FROM jobs ORDER BY name, key`),
    ).map((j) => ({ ...j, attempts: Number(j.attempts) }));
    expect(jobs.filter((j) => j.state === 'failed')).toEqual([]);
    expect(jobs.filter((j) => j.state === 'done' && j.attempts !== 1)).toEqual([]);
    expect(new Set(jobs.map((j) => `${j.name} ${j.key}`)).size).toBe(jobs.length);

    // The withdrawal: one job, done; confirmed once, with no money moved by it.
    expect(jobs.filter((j) => j.name === 'withdrawal.autoConfirm')).toEqual([
      { name: 'withdrawal.autoConfirm', key: String(wid), state: 'done', attempts: 1 },
    ]);
    expect(
      await count(sql`SELECT count(*) AS n FROM ledger_transactions WHERE reference = ${`withdrawal:${wid}`}`),
    ).toBe(2);

    // Yesterday's salary: one settlement job, one record, one ledger transaction, one message.
    const settleKey = `${due.agent.merchantId}:daily:${due.periodKey}`;
    expect(jobs.filter((j) => j.name === 'agent.settle' && j.key === settleKey)).toHaveLength(1);
    const [settlement] = rowsOf<{ amount: string }>(
      await fx.db.execute(sql`SELECT amount::text AS amount FROM agent_settlements
                               WHERE beneficiary_id = ${due.agent.id} AND period_key = ${due.periodKey}`),
    );
    expect(BigInt(settlement!.amount)).toBeGreaterThan(0n);
    expect(
      await count(sql`SELECT count(*) AS n FROM ledger_transactions
                       WHERE idempotency_key = ${`agent:daily:${due.periodKey}:${due.agent.id}`}`),
    ).toBe(1);
    expect((await fx.wallet.balance(due.agent.merchantId, due.agent.id)).balance).toBe(BigInt(settlement!.amount));
    expect(
      await count(
        sql`SELECT count(*) AS n FROM notifications WHERE member_id = ${due.agent.id} AND kind = 'agent_pay'`,
      ),
    ).toBe(1);

    // The roll-up: every minute once, and the deposit and withdrawal counted once each.
    const rollups = jobs.filter((j) => j.name === 'agent.stats');
    expect(rollups.length).toBeGreaterThanOrEqual(2);
    const [day] = rowsOf<{ deposit: string; withdrawal: string }>(
      await fx.db.execute(sql`SELECT sum(deposit)::text AS deposit, sum(withdrawal)::text AS withdrawal
                                FROM member_daily_stats WHERE member_id = ${due.depositorId}`),
    );
    expect(day).toEqual({ deposit: '50000', withdrawal: '20000' });

    const byName = new Map<string, number>();
    for (const j of jobs) byName.set(j.name, (byName.get(j.name) ?? 0) + 1);
    figures.push(
      `jobs: ${jobs.length} runs, each (job, period, subject) once on its first attempt (waited ${(waited / 1000).toFixed(1)} s for the last): ` +
        [...byName].map(([name, n]) => `${name} ${n}`).join(', '),
    );
  });
});
