/**
 * The timed clients of a latency benchmark in a process of their own, so that the api's process does only the
 * server's work: given (IPC) the GraphQL URL, a token and, per client, the list of request bodies it sends one after
 * the other, all clients at once; answers with every request's latency (ms) and the run's wall time (s). A request
 * answered with errors fails the run.
 */
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { postJson } from './post-json';

interface Plan {
  url: string;
  token: string;
  /** per client: the JSON bodies it sends in order */
  clients: string[][];
}

async function run(plan: Plan): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  const url = new URL(plan.url);
  // a connection per client, kept for its requests (as a browser keeps one)
  const agent = new Agent({ keepAlive: true, maxSockets: plan.clients.length });
  const started = performance.now();
  try {
    await Promise.all(
      plan.clients.map(async (bodies) => {
        for (const body of bodies) {
          const t0 = performance.now();
          const { json } = (await postJson(url, plan.token, body, agent)) as {
            json: { errors?: { message: string }[] };
          };
          latencies.push(performance.now() - t0);
          if (json.errors) throw new Error(json.errors.map((e) => e.message).join('; '));
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

process.on('message', (plan: Plan) => {
  run(plan).then(
    (result) => process.send?.({ ok: true, ...result }),
    (error: unknown) => process.send?.({ ok: false, error: String(error) }),
  );
});
process.send?.('ready');
