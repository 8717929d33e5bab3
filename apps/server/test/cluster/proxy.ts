import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * nginx in front of the cluster test's instances, configured from the repository's own files
 * (deploy/nginx, decision 052): lotus.conf rendered with this run's ports, and lotus-proxy.conf as
 * it is. Beside the balanced site it serves two pinned lanes, each to one instance through the
 * same proxying, so a test can say "made on A, used on B" and still go through the proxy.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const deployDir = path.join(repoRoot, 'deploy/nginx');

export const nginxBinary = (): string => {
  const candidates = [
    process.env.NGINX_PATH,
    '/usr/sbin/nginx',
    '/usr/local/sbin/nginx',
    '/usr/local/nginx/sbin/nginx',
  ];
  const found = candidates.find((p): p is string => !!p && fs.existsSync(p));
  if (found) return found;
  throw new Error(
    'nginx is not installed: the cluster test runs the platform behind it. Install it with ' +
      '`sudo apt-get install --no-install-recommends nginx` (.ci/run does), or name it with NGINX_PATH.',
  );
};

/** Fills in `${LOTUS_*}` placeholders; one left unfilled is an error, as envsubst would leave it. */
export const renderTemplate = (text: string, values: Record<string, string>): string => {
  const out = text.replace(/\$\{(LOTUS_[A-Z0-9_]+)\}/g, (whole, name: string) => values[name] ?? whole);
  const left = out.match(/\$\{LOTUS_[A-Z0-9_]+\}/g);
  if (left) throw new Error(`deploy/nginx/lotus.conf has placeholders the test does not fill: ${left.join(', ')}`);
  return out;
};

/** A self-signed certificate for 127.0.0.1, made with the openssl command line. */
const makeCertificate = (dir: string) => {
  const cert = path.join(dir, 'tls.crt');
  const key = path.join(dir, 'tls.key');
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=lotus-cluster-test',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (r.error || r.status !== 0) {
    throw new Error(`openssl could not make the test certificate: ${r.error?.message ?? r.stderr}`);
  }
  return { cert, key, ca: fs.readFileSync(cert, 'utf8') };
};

export interface ProxyPorts {
  /** The site, balanced over every instance (https). */
  https: number;
  /** The site's plain-http port, which only redirects. */
  http: number;
  /** One pinned lane per instance (https), in the order of `instances`. */
  lanes: number[];
}

export interface Proxy {
  ports: ProxyPorts;
  /** The certificate clients trust. */
  ca: string;
  accessLog: string;
  /** Lines of the access log so far, parsed. */
  accessEntries(): { status: number; uri: string; upstream: string; requestId: string }[];
  output(): string;
  stop(): Promise<void>;
}

export const startProxy = async (o: { dir: string; instances: string[]; ports: ProxyPorts }): Promise<Proxy> => {
  const nginx = nginxBinary();
  fs.mkdirSync(o.dir, { recursive: true });
  // nginx's workers run as an unprivileged user when it starts as root: they must reach its files.
  fs.chmodSync(o.dir, 0o755);
  fs.mkdirSync(path.join(o.dir, 'snippets'));
  fs.copyFileSync(path.join(deployDir, 'lotus-proxy.conf'), path.join(o.dir, 'snippets/lotus-proxy.conf'));
  const tls = makeCertificate(o.dir);
  const accessLog = path.join(o.dir, 'access.log');
  const [first, second] = o.instances;
  if (!first || !second) throw new Error('the template balances two instances');
  fs.writeFileSync(
    path.join(o.dir, 'lotus.conf'),
    renderTemplate(fs.readFileSync(path.join(deployDir, 'lotus.conf'), 'utf8'), {
      LOTUS_SERVER_NAMES: '127.0.0.1 localhost',
      LOTUS_LISTEN: `127.0.0.1:${o.ports.https}`,
      LOTUS_HTTP_LISTEN: `127.0.0.1:${o.ports.http}`,
      LOTUS_TLS_CERTIFICATE: tls.cert,
      LOTUS_TLS_KEY: tls.key,
      LOTUS_INSTANCE_1: first,
      LOTUS_INSTANCE_2: second,
      LOTUS_ACCESS_LOG: accessLog,
    }),
  );
  const temp = (name: string) => path.join(o.dir, 'temp', name);
  const lanes = o.instances.map(
    (address, i) => `
    upstream lotus_lane_${i} {
        server ${address};
        keepalive 8;
    }
    server {
        listen 127.0.0.1:${o.ports.lanes[i]} ssl;
        ssl_certificate ${tls.cert};
        ssl_certificate_key ${tls.key};
        access_log ${accessLog} lotus;
        location / {
            proxy_pass http://lotus_lane_${i};
            include snippets/lotus-proxy.conf;
        }
    }`,
  );
  const main = `# Written by the cluster test (apps/server/test/cluster/proxy.ts).
worker_processes 1;
pid ${path.join(o.dir, 'nginx.pid')};
error_log ${path.join(o.dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include lotus.conf;
${lanes.join('\n')}
}
`;
  fs.mkdirSync(path.join(o.dir, 'temp'));
  const conf = path.join(o.dir, 'nginx.conf');
  fs.writeFileSync(conf, main);
  const args = ['-p', o.dir, '-c', conf, '-e', path.join(o.dir, 'error.log')];
  const check = spawnSync(nginx, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}`);

  const child: ChildProcess = spawn(nginx, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readLog = () => (fs.existsSync(accessLog) ? fs.readFileSync(accessLog, 'utf8') : '');
  const proxy: Proxy = {
    ports: o.ports,
    ca: tls.ca,
    accessLog,
    accessEntries: () =>
      readLog()
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const m = /"\w+ (\S+)" (\d{3}) \d+ rid=(\S+) upstream=(.*?) upstream_status=/.exec(line);
          return { uri: m?.[1] ?? '', status: Number(m?.[2] ?? 0), requestId: m?.[3] ?? '', upstream: m?.[4] ?? '' };
        }),
    output: () =>
      `${out}${fs.existsSync(path.join(o.dir, 'error.log')) ? fs.readFileSync(path.join(o.dir, 'error.log'), 'utf8') : ''}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  // nginx writes its pid file once the configuration is loaded and its ports are open.
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${proxy.output()}`);
    if (fs.existsSync(path.join(o.dir, 'nginx.pid'))) return proxy;
    await new Promise((r) => setTimeout(r, 50));
  }
  await proxy.stop();
  throw new Error(`nginx did not start:\n${proxy.output()}`);
};
