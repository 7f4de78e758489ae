import { spawn } from 'node:child_process';
import net from 'node:net';

/**
 * How many more listeners the server opens on its listening socket (ADR 0072). libuv (1.45 on,
 * so Node 20) accepts ONE new connection per listener per turn of the event loop, and under load a
 * turn lasts 5–20 ms: 200 clients connecting at once waited up to 2 s in the listen queue, a health
 * probe among them. With 1 + 31 listeners a turn accepts up to 32.
 */
export const LISTENER_COPIES = 31;

/**
 * A plain Node child (no loader, no app code): it sends the socket it is given back `n` times over
 * its IPC channel and exits. Each copy arrives as a new descriptor of the same listening socket
 * (SCM_RIGHTS). Its 'message' listener stays on, so the channel stays referenced until it is done.
 */
const COPIER = `
const n = Number(process.argv[1]);
let sent = 0;
process.on('message', (_message, socket) => {
  for (let i = 0; i < n; i++) process.send('copy', socket, () => { if (++sent === n) { socket.close(); process.disconnect(); } });
});
`;

/** The options net.Server keeps from its constructor; a copy must hand out sockets made the same way. */
interface SocketOptions {
  allowHalfOpen?: boolean;
  noDelay?: boolean;
  keepAlive?: boolean;
  keepAliveInitialDelay?: number;
}

export interface ListenerCopies {
  /** Resolves with how many copies listen (fewer than asked if the copier failed or was slow). */
  ready: Promise<number>;
  /** Stops every copy accepting; resolves when the connections they accepted have all ended. */
  close(): Promise<void>;
}

/**
 * Opens `count` more listeners on `server`'s listening socket; the connections they accept go to
 * `server` as its own ('connection'). On any failure the server keeps its one listener.
 */
export function startListenerCopies(server: net.Server, count: number, timeoutMs = 10_000): ListenerCopies {
  // The raw handle, not the net.Server: sent as a server, the child would start accepting on it.
  const handle = (server as unknown as { _handle: unknown })._handle;
  const copies: net.Server[] = [];
  let closed = false;
  const options = server as unknown as SocketOptions;
  const socketOptions = { allowHalfOpen: options.allowHalfOpen, noDelay: options.noDelay, keepAlive: options.keepAlive, keepAliveInitialDelay: options.keepAliveInitialDelay };

  const ready = new Promise<number>((resolve) => {
    if (!handle || count <= 0) return resolve(0);
    const child = spawn(process.execPath, ['-e', COPIER, String(count)], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], env: {} });
    const done = () => {
      clearTimeout(timer);
      if (child.exitCode === null) child.kill();
      resolve(copies.length);
    };
    const timer = setTimeout(done, timeoutMs);
    child.on('error', done);
    child.on('exit', done);
    child.on('message', (_message, received) => {
      if (!received) return;
      const copy = net.createServer(socketOptions);
      copy.on('connection', (socket) => server.emit('connection', socket));
      copy.on('error', (error) => server.emit('error', error));
      // listen() takes a raw handle: the copy polls this descriptor of the same socket.
      copy.listen(received);
      if (closed) copy.close();
      else copies.push(copy);
      if (copies.length === count) done();
    });
    // child_process types a sendable handle as a net.Server; the raw handle is accepted too.
    child.send('socket', handle as net.Server);
  });

  return {
    ready,
    close: () => {
      closed = true;
      return Promise.all(copies.map((copy) => new Promise<void>((resolve) => copy.close(() => resolve())))).then(() => undefined);
    },
  };
}
