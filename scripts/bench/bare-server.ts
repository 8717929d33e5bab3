// The baseline: a bare node:http server answering a fixed JSON body, as fast as Node itself goes.
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.env.BENCH_BODY_FILE ?? '/dev/null');
const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/wps/system/status') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  } else {
    res.writeHead(404).end();
  }
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
