import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once its output contains `text` (rejects if it exits first or after `timeoutMs`). */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
}

/**
 * The real server process (main.ts under tsx) on a free port, with the test's environment minus its
 * DATABASE_URL, plus `env`; resolves once it listens.
 */
export async function startServerProcess(env: Record<string, string>, startTimeoutMs = 120_000): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (text: string, timeoutMs = 30_000) => {
    for (const started = Date.now(); !output.includes(text); await sleep(20)) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited before "${text}":\n${output}`);
      if (Date.now() - started > timeoutMs) throw new Error(`no "${text}" after ${timeoutMs} ms:\n${output}`);
    }
  };
  await waitFor('Heirloom is running', startTimeoutMs);
  return { child, port, output: () => output, exited, waitFor };
}
