import type { Client } from './cluster.ts';

export interface LoadResult {
  requests: number;
  /** Answers other than 2xx, and requests that failed without an answer, with what they were. */
  errors: string[];
  /** Ids of the tasks whose creation was answered 201. */
  acknowledged: string[];
  byStatus: Record<string, number>;
}

/**
 * Signed-in clients read and create tasks through nginx, `concurrency` requests at a time, until
 * `stop` resolves: every other request is a POST, so a refusal nginx may not retry would show.
 */
export async function runLoad(clients: Client[], concurrency: number, stop: Promise<unknown>): Promise<LoadResult> {
  const result: LoadResult = { requests: 0, errors: [], acknowledged: [], byStatus: {} };
  let stopped = false;
  void stop.then(() => (stopped = true));
  const worker = async (n: number) => {
    const client = clients[n % clients.length]!;
    for (let i = 0; !stopped; i++) {
      const write = (i + n) % 2 === 0;
      result.requests++;
      try {
        const reply = write
          ? await client.send('POST', '/api/v1/tasks', { json: { title: `load ${n}.${i}` } })
          : await client.send('GET', '/api/v1/tasks?filter=all');
        result.byStatus[reply.status] = (result.byStatus[reply.status] ?? 0) + 1;
        if (reply.status >= 300) result.errors.push(`${write ? 'POST' : 'GET'} ${reply.status} ${reply.body.toString().slice(0, 120)}`);
        else if (write) result.acknowledged.push(reply.json<{ id: string }>().id);
      } catch (error) {
        result.byStatus.failed = (result.byStatus.failed ?? 0) + 1;
        result.errors.push(`${write ? 'POST' : 'GET'} ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, n) => worker(n)));
  return result;
}
