/**
 * web-portal-first-load (decision 0010): gzipped JavaScript a visitor's browser loads before the portal's home page
 * is usable (search box, the category panel's job groups and the latest jobs shown), on the production build.
 * Target: at most 300 KB. Called by web-chat.ts next to web-first-load, with the same browser and a server of its own
 * that has the demo content (job groups, jobs, news), so the home page shows what a visitor sees.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { freePort, startParley } from '../lib/processes.ts';

const TARGET_KB = 300;
const round1 = (n: number) => Math.round(n * 10) / 10;
const kb = (bytes: number) => round1(bytes / 1024);

export async function portalFirstLoad(browser: Browser): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-portal-'));
  const server = await startParley(await freePort(), dataDir, { PARLEY_DEMO: '1' });
  try {
    return await measure(browser, `http://127.0.0.1:${server.port}`);
  } finally {
    await server.stop();
  }
}

async function measure(browser: Browser, base: string): Promise<Record<string, unknown>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const scripts: { name: string; raw: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  let usable = false;
  page.on('response', (response) => {
    if (usable || response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        scripts.push({ name: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
      }),
    );
  });
  const started = Date.now();
  await page.goto(`${base}/`);
  await page.getByRole('searchbox').waitFor();
  await page.getByTestId('category-panel').getByRole('link').first().waitFor();
  await page.getByTestId('job-card').first().waitFor();
  usable = true;
  const usableMs = Date.now() - started;
  await Promise.all(pending);
  await context.close();
  const jsGzipKB = kb(scripts.reduce((s, f) => s + f.gzip, 0));
  return {
    benchmark: 'web-portal-first-load',
    unit: "KB of gzipped JavaScript loaded before the portal's home page is usable (production build, visitor)",
    target: `<= ${TARGET_KB}`,
    jsGzipKB,
    jsRawKB: kb(scripts.reduce((s, f) => s + f.raw, 0)),
    scripts: scripts.sort((a, b) => b.gzip - a.gzip).map((f) => ({ name: f.name, gzipKB: kb(f.gzip) })),
    chatKitLoaded: scripts.some((f) => /chat-page/.test(f.name)),
    usableMs,
    ratioToTarget: Math.round((jsGzipKB / TARGET_KB) * 100) / 100,
  };
}
