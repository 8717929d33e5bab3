/**
 * The wallet server process of the crash test: the real wallet service on PostgreSQL behind a tiny
 * HTTP endpoint (POST / with one model operation as JSON, amounts as strings). The test kills it
 * with SIGKILL mid-storm and starts it again; an answer is sent only after the operation committed,
 * so "acknowledged" means "committed".
 */
import http from 'node:http';
import { loadConfig } from '../../src/config.ts';
import { createContext } from '../../src/context.ts';
import { openDatabase } from '../../src/db/client.ts';
import { applyToWallet, type ModelOp } from './model.ts';

const url = process.env.DATABASE_URL!;
const merchantId = Number(process.env.MERCHANT_ID);
const database = await openDatabase({ databaseUrl: url, poolSize: Number(process.env.POOL ?? 16) });
const ctx = createContext(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url }), database);

const revive = (o: Record<string, unknown>): ModelOp =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, k === 'amount' ? BigInt(v as string) : v])) as ModelOp;

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    void (async () => {
      try {
        const outcome = await applyToWallet(
          ctx.wallet,
          merchantId,
          revive(JSON.parse(body) as Record<string, unknown>),
        );
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(outcome, (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
      } catch (err) {
        res.writeHead(500);
        res.end(String(err));
      }
    })();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
});
