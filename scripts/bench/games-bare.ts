// The baseline for bench:games: a bare node:http server doing what any callback endpoint must do
// before it touches money (read the raw body, check its HMAC-SHA256 signature, parse the JSON) and
// answering a wallet-sized JSON body. No database, no framework.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

const secret = process.env.BENCH_SECRET ?? '';
let balance = 1_000_000_000;
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
    const body = JSON.parse(raw) as { amount?: string };
    balance += req.url?.endsWith('/win') ? Number(body.amount ?? 0) : -Number(body.amount ?? 0);
    const out = JSON.stringify({ success: true, value: { balance: String(balance), currency: 'BRL' }, message: '' });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(out) });
    res.end(out);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const addr = server.address();
  console.log(`bare server listening on ${typeof addr === 'object' && addr ? addr.port : '?'}`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
