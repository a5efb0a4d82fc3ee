/**
 * Call set-up in the browser (decision 0039): from the caller's click on "video call" to audio and video bytes
 * arriving on both sides, for CALLS calls between two pages of headless Chromium with fake devices, answered by the
 * callee's click. The media path is the direct one on loopback (no TURN). Prints p50/p95/max in ms.
 * Run alone with `node --import tsx browser/web-call.ts` in bench/, or as part of `npm run bench` (browser lines).
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { freePort, startParley } from '../lib/processes.ts';
import { createUser, PASSWORD, seedMessages } from './seed.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 20);

/** The sample at quantile q of unsorted samples (nearest rank). */
function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

type Emit = (line: Record<string, unknown>) => void;

async function page(browser: Browser, base: string, userID: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const list: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = list;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        list.push(this);
      }
    };
  });
  const login = await context.request.post(`${base}/api/v1/auth/login`, {
    data: { account: userID, password: PASSWORD },
  });
  if (!login.ok()) throw new Error(`login ${userID}: ${login.status()}`);
  const p = await context.newPage();
  await p.goto(`${base}/chat`);
  return p;
}

/** Whether the newest connection of the page has received both audio and video. */
const flowing = (p: Page) =>
  p.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    const pc = pcs[pcs.length - 1];
    if (!pc || pc.connectionState !== 'connected') return false;
    let audio = 0;
    let video = 0;
    (await pc.getStats()).forEach((s: Record<string, unknown>) => {
      if (s.type !== 'inbound-rtp') return;
      if (s.kind === 'video') video += Number(s.bytesReceived ?? 0);
      else audio += Number(s.bytesReceived ?? 0);
    });
    return audio > 0 && video > 0;
  });

async function until(check: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('call did not start');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function callBench(emit: Emit): Promise<void> {
  const server = await startParley(await freePort());
  const base = `http://127.0.0.1:${server.port}`;
  let browser: Browser | undefined;
  try {
    const callerSig = await createUser(base, 'call_amy', 'Amy');
    await createUser(base, 'call_ben', 'Ben');
    await seedMessages(base, callerSig, 'call_ben', 1, 1);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
        '--disable-renderer-backgrounding',
        '--disable-background-timer-throttling',
        '--disable-backgrounding-occluded-windows',
      ],
    });
    const a = await page(browser, base, 'call_amy');
    const b = await page(browser, base, 'call_ben');
    await a.locator('[data-conversation-id="C2Ccall_ben"]').click();
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i += 1) {
      const started = performance.now();
      await a.getByTestId('call-video').click();
      await b.getByTestId('call-accept').click({ timeout: 60_000 });
      await until(async () => (await flowing(a)) && (await flowing(b)));
      samples.push(performance.now() - started);
      await a.getByTestId('call-hangup').click();
      await b.getByTestId('call-screen').waitFor({ state: 'detached', timeout: 60_000 });
      await a.getByTestId('call-screen').waitFor({ state: 'detached', timeout: 60_000 });
    }
    const round = (n: number) => Math.round(n);
    emit({
      benchmark: 'web-call-setup',
      unit: 'ms from the caller clicking video call to audio and video bytes received on both sides (callee clicks accept)',
      calls: CALLS,
      p50: round(quantile(samples, 0.5)),
      p95: round(quantile(samples, 0.95)),
      max: round(Math.max(...samples)),
      media: 'mesh, direct on loopback, fake camera and microphone',
    });
  } finally {
    await browser?.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await callBench((line) => process.stdout.write(`${JSON.stringify(line)}\n`));
}
