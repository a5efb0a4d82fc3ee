import { type Browser, type BrowserContext, chromium } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser (GUIDE §2). */
export const CHROMIUM = '/usr/bin/chromium';

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

export interface Watch {
  /** `__xss(n)` calls, alert/confirm/prompt calls and dialogs: any script the page did not ship. */
  hits: string[];
  /** Requests to any host but ours (blocked): a third-party fetch or an open redirect. */
  foreign: string[];
}

/**
 * A context that reports script execution and blocks and records every request leaving `origin`. Payloads call
 * `__xss`; dialogs are hooked too, for vectors that reach `alert` some other way.
 */
export async function watchedContext(
  browser: Browser,
  origin: string,
): Promise<{ context: BrowserContext; watch: Watch }> {
  const watch: Watch = { hits: [], foreign: [] };
  const context = await browser.newContext({
    locale: 'zh-CN',
    baseURL: origin,
    viewport: { width: 1280, height: 800 },
  });
  await context.exposeBinding('__xssReport', (_source, what: string) => {
    watch.hits.push(what);
  });
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & { __xssReport: (s: string) => void };
    w.__xss = (n: number) => w.__xssReport(`__xss(${n})`);
    for (const name of ['alert', 'confirm', 'prompt', 'print']) {
      w[name] = (arg: unknown) => w.__xssReport(`${name}(${String(arg)})`);
    }
  });
  context.on('page', (page) =>
    page.on('dialog', (dialog) => {
      watch.hits.push(`dialog ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    }),
  );
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    watch.foreign.push(url);
    return route.abort('blockedbyclient');
  });
  return { context, watch };
}
