import http from 'node:http';

export interface JsonRequest {
  port: number;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  agent?: http.Agent;
  timeoutMs: number;
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

/**
 * One JSON request to 127.0.0.1 over node:http, so a test controls its own keep-alive pool (a proxy
 * cut must break the sockets the next request would reuse). Rejects on network error or timeout.
 */
export function requestJson(r: JsonRequest): Promise<JsonResponse> {
  return new Promise((resolve, reject) => {
    const payload = r.body === undefined ? undefined : JSON.stringify(r.body);
    const headers: Record<string, string> = { ...r.headers };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const req = http.request(
      { host: '127.0.0.1', port: r.port, method: r.method, path: r.path, headers, agent: r.agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
          } catch {
            reject(new Error(`invalid JSON (status ${res.statusCode}): ${text.slice(0, 200)}`));
          }
        });
      },
    );
    req.setTimeout(r.timeoutMs, () => req.destroy(new Error(`timeout after ${r.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A keep-alive pool for one simulated device. */
export const keepAliveAgent = (maxSockets = 8): http.Agent => new http.Agent({ keepAlive: true, maxSockets });
