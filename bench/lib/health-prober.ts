/**
 * The mixed load's liveness probe, in a process of its own (as a real one is): every `every` ms for
 * `seconds`, GET /api/health on a new connection (no keep-alive), started on schedule whether or not
 * the previous one was answered. Prints one JSON line: each probe's latency in ms (null: unanswered).
 * Its own event loop is not the load generator's, whose 200 users' responses would otherwise delay
 * the probe's callback and be counted as the server's latency.
 *
 *   node --import tsx bench/lib/health-prober.ts <base> <seconds> <every-ms> <timeout-ms>
 */
import http from 'node:http';

const [base = '', seconds = '60', every = '250', timeout = '30000'] = process.argv.slice(2);

function probe(): Promise<number | null> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(`${base}/api/health`, { agent: false, timeout: Number(timeout) }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

const until = Date.now() + Number(seconds) * 1000;
const probes: Promise<number | null>[] = [];
while (Date.now() < until) {
  probes.push(probe());
  await new Promise((r) => setTimeout(r, Number(every)));
}
process.stdout.write(`${JSON.stringify(await Promise.all(probes))}\n`);
