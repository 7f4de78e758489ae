import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startListenerCopies, type ListenerCopies } from './listener-copies.ts';

/**
 * ADR 0072: a busy server takes many waiting connections in one turn of its event loop, not one.
 * Twenty clients connect while the event loop is blocked (the kernel queues them); then we count
 * the connections the server has taken by the first check phase after it took any — that is, in
 * one poll phase.
 */

const open: { server?: http.Server; copies?: ListenerCopies; clients: net.Socket[] } = { clients: [] };

afterEach(async () => {
  for (const client of open.clients) client.destroy();
  open.clients = [];
  await open.copies?.close();
  await new Promise((resolve) => (open.server ? open.server.close(resolve) : resolve(undefined)));
  open.server = undefined;
  open.copies = undefined;
});

async function listening(): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((_req, res) => res.end('answered'));
  open.server = server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as net.AddressInfo).port };
}

/** Connects `n` clients while this thread is blocked, then counts what the server takes in one turn. */
async function acceptedInOneTurn(server: http.Server, port: number, n: number): Promise<number> {
  let accepted = 0;
  server.on('connection', () => accepted++);
  for (let i = 0; i < n; i++) {
    const client = net.connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    open.clients.push(client);
  }
  await new Promise((resolve) => process.nextTick(resolve)); // the connects go out
  const until = Date.now() + 200;
  while (Date.now() < until) {
    // blocked: the handshakes complete in the kernel and wait in the listen queue
  }
  return new Promise((resolve) => {
    const check = () => (accepted > 0 ? resolve(accepted) : setImmediate(check));
    setImmediate(check);
  });
}

const get = (port: number) =>
  new Promise<string>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });

describe('listener copies', () => {
  it('without copies, one turn of the event loop takes one waiting connection', async () => {
    const { server, port } = await listening();
    expect(await acceptedInOneTurn(server, port, 20)).toBe(1);
  });

  it('with 7 copies, one turn takes 8 waiting connections, and each is served by the same server', async () => {
    const { server, port } = await listening();
    open.copies = startListenerCopies(server, 7);
    expect(await open.copies.ready).toBe(7);
    expect(await acceptedInOneTurn(server, port, 20)).toBe(8);
    const answers = await Promise.all(Array.from({ length: 30 }, () => get(port)));
    expect(answers.every((body) => body === 'answered')).toBe(true);
  });

  it('close() stops the copies accepting and waits for the connections they took', async () => {
    const { server, port } = await listening();
    const copies = startListenerCopies(server, 3);
    await copies.ready;
    let connected = 0;
    server.on('connection', () => connected++);
    // Queued while blocked, so the first turn spreads them over all four listeners.
    await acceptedInOneTurn(server, port, 10);
    while (connected < 10) await new Promise((resolve) => setTimeout(resolve, 10));

    let drained = false;
    const closing = copies.close().then(() => (drained = true));
    const serverClosed = new Promise((resolve) => server.close(resolve));
    open.server = undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(drained).toBe(false); // the copies' connections are still open

    server.closeAllConnections();
    await Promise.all([closing, serverClosed]);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('connect', () => resolve(false));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    expect(refused).toBe(true);
  });

  it('a server that is not listening gets no copies', async () => {
    const server = http.createServer();
    expect(await startListenerCopies(server, 3).ready).toBe(0);
  });
});
