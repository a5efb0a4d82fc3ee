import http from 'node:http';

export interface Reply {
  status: number;
  body: string;
}

/** One request to 127.0.0.1; resolves with status and body text, rejects on a network error. */
export function request(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  agent: http.Agent | false,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const h = body === undefined ? headers : { ...headers, 'content-type': 'application/json' };
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: h, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function postJson(port: number, path: string, headers: Record<string, string>, body: unknown) {
  const reply = await request(port, 'POST', path, headers, JSON.stringify(body), false);
  if (reply.status >= 300) throw new Error(`POST ${path}: ${reply.status} ${reply.body.slice(0, 200)}`);
  return JSON.parse(reply.body) as unknown;
}

export interface ClosedLoopResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Closed-loop load: `concurrency` keep-alive clients, each sending its next GET on the last reply. */
export async function closedLoopGet(
  port: number,
  path: string,
  headers: Record<string, string>,
  concurrency: number,
  durationMs: number,
): Promise<ClosedLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + durationMs;
  const worker = async () => {
    while (Date.now() < end) {
      const t = performance.now();
      const reply = await request(port, 'GET', path, headers, undefined, agent).catch(() => undefined);
      if (reply?.status === 200) latencies.push(performance.now() - t);
      else errors += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number((latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(2));
  return { rps: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), errors };
}
