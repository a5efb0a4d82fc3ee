/**
 * web-first-paint-600ms (decision 0009): the conversation list's first paint after navigating to /chat with
 * 600 ms of added latency on every request (Chromium's network emulation through CDP), measured in the page's
 * own clock from the navigation's start. Cold: an empty HTTP cache; warm: the scripts cached from a first visit
 * (hashed assets are cached for a year), as for a returning user. The target is 1.5 s for both (a new user's
 * first visit is cold); nothing asserts it. Each is the median of SAMPLES visits, every sample reported.
 */
import type { BrowserContext, Page } from 'playwright-core';

const LATENCY_MS = 600;
const SAMPLES = Number(process.env.BENCH_WEB_PAINT_SAMPLES ?? 3);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

/** Installed before any page script: records when the first conversation row is on screen and painted. */
function recordListPaint(): void {
  const w = window as unknown as { __listPaintMs?: number };
  const check = () => {
    if (document.querySelector('[data-testid="conversation-row"]')) {
      requestAnimationFrame(() => {
        w.__listPaintMs = performance.now();
      });
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function slowPage(context: BrowserContext, cacheDisabled: boolean): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  return page;
}

async function paintOnce(context: BrowserContext, base: string, cold: boolean) {
  const page = await slowPage(context, cold);
  const requests: string[] = [];
  let painted = false;
  page.on('request', (r) => {
    if (!painted) requests.push(new URL(r.url()).pathname);
  });
  await page.goto(`${base}/chat`);
  await page.waitForFunction(
    () => (window as unknown as { __listPaintMs?: number }).__listPaintMs !== undefined,
    null,
    {
      timeout: 30_000,
    },
  );
  const ms = await page.evaluate(() => (window as unknown as { __listPaintMs: number }).__listPaintMs);
  painted = true;
  await page.close();
  return { ms: Math.round(ms), requests: requests.length, api: requests.filter((p) => p.startsWith('/api/')) };
}

async function samples(context: BrowserContext, base: string, cold: boolean) {
  const runs: Awaited<ReturnType<typeof paintOnce>>[] = [];
  for (let i = 0; i < SAMPLES; i += 1) runs.push(await paintOnce(context, base, cold));
  const ms = runs.map((r) => r.ms);
  return { median: median(ms), samples: ms, last: runs.at(-1) };
}

/** `context` holds a live session cookie (the benchmark logs in through the API). */
export async function firstPaintAt600ms(context: BrowserContext, base: string) {
  await context.addInitScript(recordListPaint);
  const cold = await samples(context, base, true);
  // A first visit with the cache on fills it (a cache-disabled visit stores nothing); the warm samples follow it.
  await paintOnce(context, base, false);
  const warm = await samples(context, base, false);
  return {
    latencyMs: LATENCY_MS,
    coldMs: cold.median,
    warmMs: warm.median,
    coldSamplesMs: cold.samples,
    warmSamplesMs: warm.samples,
    coldRequests: cold.last?.requests,
    apiCallsBeforePaint: cold.last?.api,
  };
}
