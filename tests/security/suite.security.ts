/**
 * The short security suite (decision 0008): each category is one test, seeded (PARLEY_SECURITY_SEED), and prints its
 * JSON line. A category fails on any wrongly allowed or denied request, 5xx, malformed error, crash or lost data.
 * With CI=true a missing PostgreSQL fails S8; locally S8 then runs on SQLite only and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../reliability/lib/wait.ts';
import { CATEGORIES, DEFAULT_SEED } from './categories/index.ts';
import { launch, watchedContext } from './lib/browser.ts';
import { Servers } from './lib/servers.ts';
import { MUST_BE_ZERO } from './lib/tally.ts';
import { ensureWebBuilt } from './lib/web.ts';

const seed = Number(process.env.PARLEY_SECURITY_SEED ?? DEFAULT_SEED);
const servers = new Servers();

beforeAll(ensureWebBuilt, 300_000);
afterAll(() => servers.stopAll());

describe('security suite judges in the browser', () => {
  it('S4 the watch notices an injected script, a dialog and a request leaving the site', async () => {
    const site = await servers.need('default');
    const browser = await launch();
    try {
      const { context, watch } = await watchedContext(browser, site.origin);
      const page = await context.newPage();
      // A page of our origin served by the test itself, so no CSP of the server applies to it.
      const html = '<img src=x onerror="__xss(1)"><img src="https://other.example/p.png"><script>alert(2)</script>';
      await page.route('**/__watch-self-check', (route) => route.fulfill({ contentType: 'text/html', body: html }));
      await page.goto('/__watch-self-check');
      await waitUntil(() => watch.hits.length >= 2 && watch.foreign.length >= 1, { timeoutMs: 10_000, what: 'hits' });
      expect(watch.hits).toEqual(expect.arrayContaining(['__xss(1)', 'alert(2)']));
      expect(watch.foreign).toEqual(['https://other.example/p.png']);
    } finally {
      await browser.close();
    }
  });
});

describe(`security suite, short (seed ${seed}; replay: PARLEY_SECURITY_SEED=${seed} npm run test:security)`, () => {
  for (const category of CATEGORIES) {
    it(`${category.id} ${category.title}`, async (ctx) => {
      const r = (await category.run(seed, servers, true)).r;
      process.stdout.write(`${JSON.stringify(r)}\n`);
      if (r.skipped && r.tried === 0) {
        console.warn(`SKIPPED: ${category.id}: ${r.skipped}`);
        ctx.skip();
      }
      if (r.skipped) console.warn(`PARTLY SKIPPED: ${category.id}: ${r.skipped}`);
      const counts = Object.fromEntries(MUST_BE_ZERO.map((k) => [k, r[k]]));
      const zeros = Object.fromEntries(MUST_BE_ZERO.map((k) => [k, 0]));
      expect(counts, r.findings.join('\n')).toEqual(zeros);
      expect(r.tried).toBeGreaterThan(0);
    });
  }
});
