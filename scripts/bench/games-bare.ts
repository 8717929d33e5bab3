// The baselines for bench:games: a bare node:http server doing what any callback endpoint must do
// before it touches money (read the raw body, check its HMAC-SHA256 signature, parse the JSON) and
// answering a wallet-sized JSON body. No framework.
//
// With BENCH_BARE_DATABASE_URL it also commits one row per call (INSERT … RETURNING on a pool of
// BENCH_BARE_POOL connections) before answering: the floor of any design that makes each callback
// durable on its own in PostgreSQL, on this machine.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const secret = process.env.BENCH_SECRET ?? '';
const dbUrl = process.env.BENCH_BARE_DATABASE_URL;
const pool = dbUrl ? new pg.Pool({ connectionString: dbUrl, max: Number(process.env.BENCH_BARE_POOL ?? 20) }) : null;
if (pool)
  await pool.query(
    'CREATE TABLE IF NOT EXISTS bench_floor (id bigserial PRIMARY KEY, transaction_id text NOT NULL UNIQUE, amount bigint NOT NULL)',
  );

let balance = 1_000_000_000;
const answer = async (url: string, body: { transactionId?: string; amount?: string }) => {
  const amount = Number(body.amount ?? 0);
  balance += url.endsWith('/win') ? amount : -amount;
  const b = balance;
  await pool?.query({
    name: 'bench.floor',
    text: 'INSERT INTO bench_floor (transaction_id, amount) VALUES ($1, $2) RETURNING id',
    values: [body.transactionId ?? '', amount],
  });
  return b;
};

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    const ts = String(req.headers['x-provider-timestamp'] ?? '');
    const given = Buffer.from(String(req.headers['x-provider-signature'] ?? ''), 'hex');
    const expected = createHmac('sha256', secret).update(`${ts}.${raw}`).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"success":false}');
      return;
    }
    answer(req.url ?? '', JSON.parse(raw) as { transactionId?: string; amount?: string }).then(
      (b) => {
        const out = JSON.stringify({ success: true, value: { balance: String(b), currency: 'BRL' }, message: '' });
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(out),
        });
        res.end(out);
      },
      () => res.writeHead(500, { 'content-type': 'application/json' }).end('{"success":false}'),
    );
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const addr = server.address();
  console.log(`bare server listening on ${typeof addr === 'object' && addr ? addr.port : '?'}`);
});
process.on('SIGTERM', () => {
  server.close(() => void (pool ? pool.end() : Promise.resolve()).then(() => process.exit(0)));
  server.closeAllConnections();
});
