import net from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL, s3rver) that can freeze: while frozen, it
 * still accepts connections but passes no byte either way, as a hung or SIGSTOPped server does to
 * its clients (the kernel keeps accepting and acknowledging; nothing answers).
 */
export interface FreezableProxy {
  port: number;
  freeze(): void;
  thaw(): void;
  /** A server that is down: every open connection is cut, and new ones are refused (nothing listens). */
  cut(): Promise<void>;
  /** Listening again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startFreezableProxy(target: net.NetConnectOpts): Promise<FreezableProxy> {
  let frozen = false;
  /** Each open connection's bytes held while frozen, passed on at the thaw. */
  const held = new Map<net.Socket, { to: net.Socket; chunks: Buffer[] }>();
  const forward = (from: net.Socket, to: net.Socket) => {
    const queue = { to, chunks: [] as Buffer[] };
    held.set(from, queue);
    from.on('data', (chunk: Buffer) => (frozen ? queue.chunks.push(chunk) : to.write(chunk)));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      held.delete(client);
      held.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const { to, chunks } of held.values()) for (const chunk of chunks.splice(0)) to.write(chunk);
    },
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of held.keys()) socket.destroy();
      await closed;
    },
    async restore() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      for (const socket of held.keys()) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Where a postgres:// URL's server listens: a TCP address, or the Unix socket of `?host=/dir`. */
export function postgresTarget(url: string): net.NetConnectOpts {
  const parsed = new URL(url);
  const port = Number(parsed.port || 5432);
  const socketDir = parsed.searchParams.get('host');
  return socketDir?.startsWith('/') ? { path: `${socketDir}/.s.PGSQL.${port}` } : { host: parsed.hostname || '127.0.0.1', port };
}

/** The same database reached through the proxy on 127.0.0.1:`port`. */
export function throughProxy(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('host');
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
}
