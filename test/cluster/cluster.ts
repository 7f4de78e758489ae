import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import pg from 'pg';
import S3rver from 's3rver';
import { sleep } from '../server-process.ts';

/**
 * Two production-mode instances of the built server behind Debian's nginx running the documented
 * config (deploy/nginx/heirloom.conf), on one fresh PostgreSQL database and one s3rver (ADR 0088).
 */

export const NGINX_PORT = Number(process.env.CLUSTER_NGINX_PORT ?? 4580);
export const INSTANCE_PORTS = [Number(process.env.CLUSTER_PORT_1 ?? 4501), Number(process.env.CLUSTER_PORT_2 ?? 4502)] as const;
const S3_PORT = Number(process.env.CLUSTER_S3_PORT ?? 4590);
/** Two client addresses: nginx listens on both, the test binds its sockets to one or the other. */
export const CLIENT_A = '127.0.0.2';
export const CLIENT_B = '127.0.0.3';
/**
 * Any other loopback address works as a client's own too (the socket is bound to it; it connects to CLIENT_A),
 * so a check that signs in often takes addresses of its own and stays within the per-address sign-in limit.
 */
export const clientAddress = (n: number) => `127.0.0.${10 + n}`;
const NGINX_EXAMPLE = path.resolve('deploy/nginx/heirloom.conf');
/** How long nginx counts an instance down after one failure: the documented config's `fail_timeout`. */
export const FAIL_TIMEOUT_MS = 1000 * Number(/fail_timeout=(\d+)s/.exec(fs.readFileSync(NGINX_EXAMPLE, 'utf8'))?.[1] ?? NaN);
const MAIN_JS = path.resolve('dist/server/src/server/main.js');


export interface Instance {
  index: number;
  port: number;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

export interface Cluster {
  root: string;
  databaseUrl: string;
  env: Record<string, string>;
  instances: Instance[];
  /** Starts instance `index` again (after a stop or a kill) and waits until it listens. */
  restart(index: number): Promise<Instance>;
  /** Which instance logged this request id (the id nginx sent as X-Request-Id), or -1. */
  servedBy(requestId: string): number;
  stop(): Promise<void>;
}

function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`${NGINX_EXAMPLE}: expected "${from}" exactly once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** The documented nginx example with this run's ports and addresses, in a minimal nginx.conf of its own. */
export function nginxConfig(root: string, example = fs.readFileSync(NGINX_EXAMPLE, 'utf8')): string {
  let site = replaceOnce(example, 'server 127.0.0.1:3001 ', `server 127.0.0.1:${INSTANCE_PORTS[0]} `);
  site = replaceOnce(site, 'server 127.0.0.1:3002 ', `server 127.0.0.1:${INSTANCE_PORTS[1]} `);
  site = replaceOnce(site, 'listen 80;', `listen ${CLIENT_A}:${NGINX_PORT};\n    listen ${CLIENT_B}:${NGINX_PORT};`);
  const temp = (name: string) => path.join(root, 'nginx', name);
  return `daemon off;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log ${temp('access.log')};
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${site}
}
`;
}

export async function createDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `heirloom_cluster_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: baseUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await again.end();
    },
  };
}

function startInstance(index: number, env: Record<string, string>, root: string): Instance {
  const port = INSTANCE_PORTS[index]!;
  const dataDir = path.join(root, `instance-${index + 1}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [MAIN_JS], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const log = fs.createWriteStream(path.join(root, `instance-${index + 1}.log`), { flags: 'a' });
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { index, port, child, output: () => output, exited };
}

export async function waitForOutput(instance: Instance, text: string, timeoutMs = 60_000): Promise<void> {
  for (const started = Date.now(); !instance.output().includes(text); await sleep(50)) {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null) throw new Error(`instance ${instance.index + 1} exited before "${text}":\n${instance.output()}`);
    if (Date.now() - started > timeoutMs) throw new Error(`instance ${instance.index + 1}: no "${text}" after ${timeoutMs} ms:\n${instance.output()}`);
  }
}

export async function startCluster(options: { databaseUrl: string; root: string }): Promise<Cluster> {
  const { root } = options;
  fs.rmSync(root, { recursive: true, force: true });
  for (const dir of ['s3', 'nginx/client_body', 'nginx/proxy', 'nginx/fastcgi', 'nginx/uwsgi', 'nginx/scgi']) fs.mkdirSync(path.join(root, dir), { recursive: true });
  const s3 = new S3rver({ address: '127.0.0.1', port: S3_PORT, silent: true, directory: path.join(root, 's3'), configureBuckets: [{ name: 'heirloom', configs: [] }] });
  await s3.run();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    MASTER_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: `http://${CLIENT_A}:${NGINX_PORT}`,
    TRUST_PROXY: '127.0.0.1',
    S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
    S3_BUCKET: 'heirloom',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    LOG_LEVEL: 'info',
  };
  // Both at once on the empty database: migrations and the job queue's tables under one lock (ADR 0081).
  const instances = [0, 1].map((index) => startInstance(index, env, root));
  const confPath = path.join(root, 'nginx', 'nginx.conf');
  fs.writeFileSync(confPath, nginxConfig(root));
  const tested = spawnSync('nginx', ['-t', '-c', confPath, '-p', path.join(root, 'nginx')], { encoding: 'utf8' });
  if (tested.status !== 0) throw new Error(`nginx -t refused the config:\n${tested.stderr}`);
  const nginx = spawn('nginx', ['-c', confPath, '-p', path.join(root, 'nginx')], { stdio: ['ignore', 'ignore', 'pipe'] });

  const cluster: Cluster = {
    root,
    databaseUrl: options.databaseUrl,
    env,
    instances,
    async restart(index) {
      const old = instances[index]!;
      if (old.child.exitCode === null && old.child.signalCode === null) throw new Error(`instance ${index + 1} is still running`);
      const fresh = startInstance(index, env, root);
      instances[index] = fresh;
      await waitForOutput(fresh, 'Heirloom is running');
      return fresh;
    },
    servedBy(requestId) {
      const needle = `"reqId":"${requestId}"`;
      return instances.findIndex((instance) => instance.output().includes(needle));
    },
    async stop() {
      nginx.kill('SIGQUIT');
      for (const instance of instances) if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
      await Promise.all(instances.map((instance) => instance.exited));
      await s3.close();
    },
  };
  return cluster;
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
  /** The request id nginx gave it (and the app echoed). */
  requestId: string;
}

export interface Send {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string | Readable;
  /** Hash the body instead of keeping it (large downloads). */
  hashOnly?: boolean;
  timeoutMs?: number;
}

/** One HTTP request to nginx from a given client address, on a connection of its own. */
export function request(from: string, urlPath: string, send: Send = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: from === CLIENT_B ? CLIENT_B : CLIENT_A, port: NGINX_PORT, localAddress: from, path: urlPath, method: send.method ?? 'GET', headers: send.headers, agent: false, timeout: send.timeoutMs ?? 60_000 },
      (res) => {
        const chunks: Buffer[] = [];
        const hash = createHash('sha256');
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (send.hashOnly) hash.update(chunk);
          else chunks.push(chunk);
        });
        res.on('end', () => {
          const body = send.hashOnly ? Buffer.from(`${hash.digest('hex')}:${size}`) : Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body.toString()) as T,
            requestId: String(res.headers['x-request-id'] ?? ''),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timed out: ${send.method ?? 'GET'} ${urlPath}`)));
    req.on('error', reject);
    const body = send.body;
    if (body === undefined) req.end();
    else if (typeof body === 'string' || Buffer.isBuffer(body)) req.end(body);
    else body.pipe(req);
  });
}

/** One GET straight to an instance (not through nginx): what a readiness probe sees. */
export function directRequest(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** A signed-in browser at one client address: its cookies and CSRF token, every request through nginx. */
export class Client {
  cookies = new Map<string, string>();
  constructor(readonly from: string) {}

  /** Another browser holding a copy of these cookies (a stolen or kept cookie). */
  withCookies(cookies: Map<string, string>): this {
    this.cookies = new Map(cookies);
    return this;
  }

  async send(method: string, urlPath: string, options: { json?: unknown; body?: Buffer | Readable; headers?: Record<string, string>; hashOnly?: boolean } = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('heirloom_csrf');
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = Buffer.from(JSON.stringify(options.json));
    }
    const reply = await request(this.from, urlPath, { method, headers, ...(body ? { body } : {}), ...(options.hashOnly ? { hashOnly: true } : {}) });
    for (const line of [reply.headers['set-cookie'] ?? []].flat()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return reply;
  }

  /** The double-submit cookie first (what a browser has from the page), then the password. */
  async signIn(email: string, password: string): Promise<Reply> {
    if (!this.cookies.has('heirloom_csrf')) await this.send('GET', '/api/v1/auth/session');
    return this.send('POST', '/api/v1/auth/sign-in', { json: { email, password } });
  }
}
