/**
 * Statements per request, counted by the server itself: heirloom_db_statements_total on its metrics
 * listener before and after REQUESTS sequential requests. Background work between the two readings
 * (a job poll) would add to it, so the figure is the smallest of three rounds.
 */
const REQUESTS = 20;
const ROUNDS = 3;
const METRIC = /^heirloom_db_statements_total (\d+)/m;

async function sentSoFar(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const found = METRIC.exec(text);
  if (!found) throw new Error(`${metricsUrl} has no heirloom_db_statements_total`);
  return Number(found[1]);
}

export async function statementsPerRequest(url: string, headers: Record<string, string>, metricsUrl: string): Promise<number> {
  let fewest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    // A reading's own gauges (outbox, job queue) send statements that the next reading counts.
    const first = await sentSoFar(metricsUrl);
    const before = await sentSoFar(metricsUrl);
    const readingCost = before - first;
    for (let i = 0; i < REQUESTS; i++) {
      const answer = await fetch(url, { headers });
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
    }
    const after = await sentSoFar(metricsUrl);
    fewest = Math.min(fewest, after - before - readingCost);
  }
  return fewest / REQUESTS;
}
