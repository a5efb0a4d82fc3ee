import { ADMIN_KEY_HEADER, ROUTES, SESSION_COOKIE } from '@parley/protocol';
import { ADMIN_KEY } from '../../reliability/lib/parley-server.ts';
import { is2xx, judge, type RawResponse, send, sessionCookieOf } from '../lib/http.ts';
import { exampleOf, fillPath, opName, operations } from '../lib/openapi.ts';
import type { Servers, Site } from '../lib/servers.ts';
import { bearer, createUser, grantsSession, login, type User } from '../lib/site-api.ts';
import { checkAlive } from '../lib/http.ts';
import { Tally } from '../lib/tally.ts';
import { openSocket } from '../lib/ws.ts';

/** Each category logs in from its own loopback address, so address limits of one do not spill into another. */
const ADDRESS = '127.0.0.13';

function foreignOrigins(port: number): string[] {
  return [
    'https://evil.example',
    'null',
    `http://127.0.0.1:${port}.evil.example`,
    `http://localhost:${port}`,
    `https://127.0.0.1:${port}`,
    `http://127.0.0.1:${port + 1}`,
  ];
}

/** DNS rebinding: the attacker's name resolves to us, so Host and Origin agree with each other but not with us. */
const rebound = (port: number) => ({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` });

async function sessionAlive(site: Site, cookie: string): Promise<boolean> {
  const res = await send({
    port: site.port,
    localAddress: ADDRESS,
    method: 'GET',
    path: ROUTES.session,
    headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
  });
  return grantsSession(res);
}

async function loginFrom(
  t: Tally,
  site: Site,
  user: User,
  headers: Record<string, string>,
  what: string,
  raw?: string,
) {
  const res = await send({
    port: site.port,
    localAddress: ADDRESS,
    method: 'POST',
    path: ROUTES.login,
    headers,
    body: raw ?? { account: user.userID, password: user.password },
  });
  judge(t, what, res);
  t.check(!is2xx(res.status) && !sessionCookieOf(res), 'wronglyAllowed', `${what}: login succeeded`);
}

/** Cookie-authenticated writes and logins from other origins, with JSON, form and text bodies. */
async function crossSiteWrites(t: Tally, site: Site, user: User, cookie: string): Promise<void> {
  const ops = (await operations(site)).filter((op) => op.method !== 'GET' && op.method !== 'HEAD');
  const origins = [...foreignOrigins(site.port), rebound(site.port).origin];
  for (const origin of origins) {
    const host = origin === rebound(site.port).origin ? { host: rebound(site.port).host } : {};
    await loginFrom(t, site, user, { origin, ...host }, `login from ${origin}`);
    for (const op of ops) {
      const path = fillPath(op.template, { conversationID: `C2C${user.userID}` });
      const body = exampleOf(op.body, { account: user.userID, password: user.password, userID: user.userID });
      const headers = { origin, cookie: `${SESSION_COOKIE}=${cookie}`, ...host };
      const res = await send({ port: site.port, method: op.method, path, headers, body, localAddress: ADDRESS });
      judge(t, `${opName(op)} from ${origin}`, res);
      t.check(
        !is2xx(res.status),
        'wronglyAllowed',
        `${opName(op)} with the cookie from ${origin} answered ${res.status}`,
      );
    }
    t.check(
      await sessionAlive(site, cookie),
      'wronglyAllowed',
      `a request from ${origin} ended the session (CSRF logout)`,
    );
  }
  for (const [type, body] of [
    ['application/x-www-form-urlencoded', `account=${user.userID}&password=${user.password}`],
    ['text/plain', JSON.stringify({ account: user.userID, password: user.password })],
    [
      'multipart/form-data; boundary=x',
      `--x\r\nContent-Disposition: form-data; name="account"\r\n\r\n${user.userID}\r\n--x--\r\n`,
    ],
  ] as const) {
    await loginFrom(t, site, user, { origin: 'https://evil.example', 'content-type': type }, `${type} login`, body);
  }
}

async function crossSiteUpgrades(t: Tally, site: Site, user: User): Promise<void> {
  for (const origin of foreignOrigins(site.port)) {
    const ws = await openSocket(site, { userSig: user.userSig, origin });
    ws.socket?.close();
    t.check(ws.outcome !== 'hello', 'wronglyAllowed', `WebSocket upgrade from ${origin} accepted`);
  }
  const ws = await openSocket(site, { userSig: user.userSig, ...rebound(site.port) });
  ws.socket?.close();
  t.check(
    ws.outcome !== 'hello',
    'wronglyAllowed',
    'WebSocket upgrade with a rebound Host and matching Origin accepted',
  );
  const own = await openSocket(site, { userSig: user.userSig, origin: site.origin });
  own.socket?.close();
  t.check(own.outcome === 'hello', 'wronglyDenied', 'WebSocket upgrade from the public origin refused');
}

function header(res: RawResponse, name: string): string {
  const v = res.headers[name];
  return Array.isArray(v) ? v.join(', ') : (v ?? '');
}

/** Decision 0008: nosniff and Referrer-Policy everywhere, CSP on the app, no-store on answers carrying a userSig. */
async function securityHeaders(t: Tally, site: Site, user: User): Promise<void> {
  const get = (path: string, headers: Record<string, string> = {}) =>
    send({ port: site.port, method: 'GET', path, headers });
  const answers: [string, RawResponse][] = [
    ['/healthz', await get('/healthz')],
    ['401 profile', await get(ROUTES.myProfile)],
    ['404 api', await get('/api/v1/no-such-route')],
    ['profile', await get(ROUTES.myProfile, bearer(user.userSig))],
  ];
  const html: [string, RawResponse][] = [
    ['/', await get('/')],
    ['/chat', await get('/chat')],
    ['/login', await get('/login')],
  ];
  for (const [what, res] of [...answers, ...html]) {
    t.check(header(res, 'x-content-type-options') === 'nosniff', 'wronglyAllowed', `${what}: no nosniff`);
    t.check(header(res, 'referrer-policy') !== '', 'wronglyAllowed', `${what}: no Referrer-Policy`);
  }
  for (const [what, res] of html) {
    if (!header(res, 'content-type').startsWith('text/html')) {
      t.found('wronglyDenied', `${what}: the web app is not served (build apps/web first)`);
      continue;
    }
    const csp = header(res, 'content-security-policy');
    t.check(/frame-ancestors 'none'/.test(csp), 'wronglyAllowed', `${what}: CSP lacks frame-ancestors 'none'`);
    const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
    t.check(
      /'self'/.test(scripts) && !/'unsafe-inline'|'unsafe-eval'|(^|\s)(\*|https?:|data:)(\s|$)/.test(scripts),
      'wronglyAllowed',
      `${what}: CSP does not restrict scripts to self ("${scripts}")`,
    );
  }
  const login1 = await login(site, user.userID, user.password, { origin: site.origin, localAddress: ADDRESS });
  const adminSig = await send({
    port: site.port,
    method: 'POST',
    path: ROUTES.adminUserSig,
    headers: { [ADMIN_KEY_HEADER]: ADMIN_KEY },
    body: { userID: user.userID },
  });
  const session = await get(ROUTES.session, { cookie: `${SESSION_COOKIE}=${login1.cookie ?? ''}` });
  for (const [what, res] of [
    ['login', login1.res],
    ['admin usersig', adminSig],
    ['session', session],
  ] as const) {
    t.check(
      /no-store/.test(header(res, 'cache-control')),
      'wronglyAllowed',
      `${what}: carries a userSig without no-store`,
    );
  }
}

/** Decision 0008: the cookie is Secure when a trusted proxy says the request came over TLS. */
async function secureBehindProxy(t: Tally, servers: Servers): Promise<void> {
  const proxied = await servers.need('proxy');
  const user = await createUser(proxied, 's3proxied');
  const res = await send({
    port: proxied.port,
    method: 'POST',
    path: ROUTES.login,
    headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    body: { account: user.userID, password: user.password },
  });
  const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  t.check(
    /;\s*Secure/i.test(cookie),
    'wronglyAllowed',
    `cookie over TLS via a trusted proxy is not Secure (${res.status})`,
  );
}

export async function runS3(seed: number, servers: Servers): Promise<Tally> {
  const t = new Tally('S3', seed);
  const site = await servers.need('default');
  const user = await createUser(site, 's3dave');
  const own = await login(site, user.userID, user.password, { origin: site.origin, localAddress: ADDRESS });
  t.check(Boolean(own.cookie), 'wronglyDenied', `login from the public origin refused (${own.res.status})`);
  await crossSiteWrites(t, site, user, own.cookie ?? '');
  await crossSiteUpgrades(t, site, user);
  await securityHeaders(t, site, user);
  await secureBehindProxy(t, servers);
  await checkAlive(t, site);
  return t;
}
