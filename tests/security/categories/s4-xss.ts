import { ROUTES, SESSION_COOKIE } from '@parley/protocol';
import type { BrowserContext, Page } from '@playwright/test';
import { mulberry32, type Rand } from '../../reliability/lib/prng.ts';
import { waitUntil } from '../../reliability/lib/wait.ts';
import { launch, type Watch, watchedContext } from '../lib/browser.ts';
import { is2xx, judge, send } from '../lib/http.ts';
import type { Servers, Site } from '../lib/servers.ts';
import { bearer, createUser, login, type User } from '../lib/site-api.ts';
import { checkAlive } from '../lib/http.ts';
import { Tally } from '../lib/tally.ts';
import { HOSTILE_REDIRECTS, hostileAvatars, VECTOR_COUNT, vectors } from '../lib/xss-payloads.ts';

/** Every user-controlled field an attacker can fill, each with its own number range for `__xss(n)`. */
const FIELD = {
  nick: 1,
  signature: 2,
  location: 3,
  text: 4,
  custom: 5,
  place: 6,
  face: 7,
  cloud: 8,
  typed: 9,
} as const;
const num = (attacker: number, field: number) => attacker * 10 + field;

function shuffled(rand: Rand, n: number): number[] {
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j] as number, a[i] as number];
  }
  return a;
}

const v = (vector: number, attacker: number, field: number) => vectors(num(attacker, field))[vector] ?? '';

/** One attacker per vector: its profile fields and messages of every type carry that vector. */
async function plant(t: Tally, site: Site, victim: User, attacker: User, vector: number, i: number): Promise<void> {
  const patch = {
    nick: v(vector, i, FIELD.nick),
    selfSignature: v(vector, i, FIELD.signature),
    location: v(vector, i, FIELD.location),
  };
  const res = await send({
    port: site.port,
    method: 'PATCH',
    path: ROUTES.myProfile,
    headers: bearer(attacker.userSig),
    body: patch,
  });
  judge(t, 'hostile profile', res);
  const messages: [string, object][] = [
    ['TIMTextElem', { text: v(vector, i, FIELD.text) }],
    [
      'TIMCustomElem',
      {
        data: v(vector, i, FIELD.custom),
        description: v(vector, i, FIELD.custom),
        extension: v(vector, i, FIELD.custom),
      },
    ],
    ['TIMLocationElem', { description: v(vector, i, FIELD.place), longitude: 1, latitude: 1 }],
    ['TIMFaceElem', { index: 1, data: v(vector, i, FIELD.face) }],
  ];
  for (const [type, payload] of messages) {
    const body = {
      ID: `${attacker.userID}-${type}`,
      conversationType: 'C2C',
      to: victim.userID,
      type,
      payload,
      cloudCustomData: v(vector, i, FIELD.cloud),
    };
    judge(
      t,
      `hostile ${type}`,
      await send({
        port: site.port,
        method: 'POST',
        path: '/api/v1/messages',
        headers: bearer(attacker.userSig),
        body,
      }),
    );
  }
  t.tried(Object.keys(FIELD).length - 1);
}

/** Decision 0008: avatars are presets (or uploads); other hosts and schemes are refused by the server. */
async function avatars(t: Tally, site: Site, attacker: User): Promise<void> {
  for (const avatar of hostileAvatars(990)) {
    const res = await send({
      port: site.port,
      method: 'PATCH',
      path: ROUTES.myProfile,
      headers: bearer(attacker.userSig),
      body: { avatar },
    });
    judge(t, 'hostile avatar', res);
    t.check(!is2xx(res.status), 'wronglyAllowed', `avatar "${avatar.slice(0, 40)}" accepted`);
  }
}

/**
 * Logs in over HTTP from S4's own loopback address (address limits of other categories do not spill over) and
 * hands the session cookie to the browser.
 */
async function signedIn(context: BrowserContext, site: Site, user: User): Promise<Page> {
  const r = await login(site, user.userID, user.password, { localAddress: '127.0.0.14' });
  if (!r.cookie) throw new Error(`S4 login: ${r.res.status} ${r.res.text}`);
  await context.addCookies([
    { name: SESSION_COOKIE, value: r.cookie, url: site.origin, httpOnly: true, sameSite: 'Lax' },
  ]);
  return context.newPage();
}

/** The victim opens every hostile conversation and types the vectors into the composer. */
async function browseChats(t: Tally, page: Page, attackers: User[], order: number[], typed: number): Promise<void> {
  await page.goto('/chat');
  const rows = page.getByTestId('conversation-row');
  const listed = await waitUntil(async () => (await rows.count()) >= attackers.length, {
    timeoutMs: 20_000,
    what: 'rows',
  });
  if (!listed) throw new Error(`S4: the chat listed ${await rows.count()} of ${attackers.length} conversations`);
  for (const [i, attacker] of attackers.entries()) {
    await page.locator(`[data-conversation-id="C2C${attacker.userID}"]`).click();
    await page.getByTestId('chat-title').waitFor();
    const shown = await waitUntil(async () => (await page.getByTestId('message').count()) >= 4, {
      timeoutMs: 10_000,
      what: 'messages',
    });
    if (!shown) throw new Error(`S4: the messages of ${attacker.userID} were not shown`);
    if (i < typed) {
      await page.getByTestId('message-input').fill(v(order[i] ?? 0, i, FIELD.typed));
      await page.getByTestId('message-input').press('Enter');
      t.tried();
    }
  }
  await page.waitForLoadState('networkidle');
}

/**
 * Decision 0008: `?redirect=` after login only goes to paths of this site. A hostile value must fall back to a page
 * of ours: leaving the site, or the router refusing it with a page error (the check let it through), both count.
 */
async function redirects(t: Tally, context: BrowserContext, origin: string, watch: Watch): Promise<void> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  for (const target of HOSTILE_REDIRECTS) {
    const before = watch.foreign.length;
    errors.length = 0;
    await page.goto(`/login?redirect=${target}`);
    const settled = await waitUntil(
      () => !page.url().includes('/login') || watch.foreign.length > before || errors.length > 0,
      { timeoutMs: 5000, what: 'redirect' },
    );
    const url = page.url();
    const left = !settled || watch.foreign.length > before || errors.length > 0 || !url.startsWith(origin);
    t.check(!left, 'wronglyAllowed', `redirect=${target} passed the check (${errors[0] ?? url})`);
  }
  await page.close();
}

export async function runS4(seed: number, servers: Servers, short: boolean): Promise<Tally> {
  const t = new Tally('S4', seed);
  const site = await servers.need('default');
  const home = await send({ port: site.port, method: 'GET', path: '/' });
  if (!String(home.headers['content-type']).startsWith('text/html'))
    throw new Error('S4 needs the built web app (npm run build)');
  const order = shuffled(mulberry32(seed), VECTOR_COUNT).slice(0, short ? 5 : VECTOR_COUNT);
  const victim = await createUser(site, 's4victim');
  const attackers = await Promise.all(order.map((_, i) => createUser(site, `s4atk${i}`)));
  for (const [i, attacker] of attackers.entries()) await plant(t, site, victim, attacker, order[i] ?? 0, i);
  await avatars(t, site, attackers[0] as User);
  const browser = await launch();
  try {
    const { context, watch } = await watchedContext(browser, site.origin);
    await browseChats(t, await signedIn(context, site, victim), attackers, order, short ? 2 : attackers.length);
    await redirects(t, context, site.origin, watch);
    const self = await watchedContext(browser, site.origin);
    const own = await signedIn(self.context, site, attackers[0] as User);
    await own.goto('/');
    await own.getByTestId('profile-nick').waitFor();
    await own.waitForLoadState('networkidle');
    const hits = [...new Set([...watch.hits, ...self.watch.hits])];
    const foreign = [...new Set([...watch.foreign, ...self.watch.foreign])];
    for (const hit of hits) t.found('wronglyAllowed', `script ran: ${hit}`);
    for (const url of foreign) t.found('wronglyAllowed', `request left the site: ${url.slice(0, 80)}`);
    t.set('vectors', order.length);
  } finally {
    await browser.close();
  }
  await checkAlive(t, site);
  return t;
}
