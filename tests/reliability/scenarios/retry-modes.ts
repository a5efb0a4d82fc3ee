import type { WireMessage } from '@parley/protocol';
import type { ApiClient, TextSend } from '../lib/api-client.ts';
import { type Rand, between, pick } from '../lib/prng.ts';
import { sendWithRetry } from '../lib/send-with-retry.ts';
import type { TcpProxy } from '../tcp-proxy.ts';

export interface RetryStats {
  posts: number;
  answers: number;
  /** Answers that were not the original message (another sequence or time): a second store. */
  mismatched: number;
  byMode: Record<string, number>;
}

interface Context {
  rand: Rand;
  proxy: TcpProxy;
  stats: RetryStats;
}

const MODES = ['concurrent', 'afterAck', 'acrossReconnect'] as const;
const DEADLINE_MS = 20_000;

/**
 * Sends one message 1–3 times in one of three ways and checks every answer against the first:
 * - concurrent: all copies POSTed at once, before any ack (the server must serialise them);
 * - afterAck: copies re-sent one after another once the ack arrived;
 * - acrossReconnect: the first POST is cut by the proxy while in flight, then re-sent on new connections.
 */
export async function sendCopies(api: ApiClient, m: TextSend, ctx: Context): Promise<WireMessage | undefined> {
  const copies = between(ctx.rand, 1, 3);
  const mode = pick(ctx.rand, MODES);
  const key = `mode.${mode}`;
  ctx.stats.byMode[key] = (ctx.stats.byMode[key] ?? 0) + 1;
  const once = () =>
    sendWithRetry(api, m, {
      rand: ctx.rand,
      deadlineAt: Date.now() + DEADLINE_MS,
      onAttempt: () => {
        ctx.stats.posts += 1;
      },
    });
  const answers: (WireMessage | undefined)[] = [];
  if (mode === 'concurrent') answers.push(...(await Promise.all(Array.from({ length: copies }, once))));
  else {
    const first = once();
    if (mode === 'acrossReconnect') {
      // Let the request reach the wire (or not: both are faults worth having), then cut everything.
      await new Promise((resolve) => setImmediate(resolve));
      ctx.proxy.cutAll();
    }
    answers.push(await first);
    for (let i = 1; i < copies; i += 1) answers.push(await once());
  }
  return compare(answers, ctx.stats);
}

function compare(answers: readonly (WireMessage | undefined)[], stats: RetryStats): WireMessage | undefined {
  const got = answers.filter((a): a is WireMessage => a !== undefined);
  const first = got[0];
  stats.answers += got.length;
  for (const a of got.slice(1)) {
    if (first && (a.ID !== first.ID || a.sequence !== first.sequence || a.time !== first.time || a.from !== first.from))
      stats.mismatched += 1;
  }
  return first;
}
