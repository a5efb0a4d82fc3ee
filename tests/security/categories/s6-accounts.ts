import { ROUTES } from '@parley/protocol';
import { is2xx, judge, send } from '../lib/http.ts';
import { portalCall } from '../lib/portal.ts';
import type { Site } from '../lib/servers.ts';
import { admin, createUser, login, type User } from '../lib/site-api.ts';
import type { Tally } from '../lib/tally.ts';

/**
 * Abuse of accounts and records (rules ABU30–ABU39) on the proxy site (X-Forwarded-For names the client): one
 * account's budget whatever names it, the per-account ceiling over many addresses, registration that tells nothing
 * and is throttled, and merged records nested thousands deep.
 */
export const ACCOUNT_ABUSE = {
  perAccountAndAddress: 5,
  /** Checked failures one account gets over every address before the growing delay (ABU34). */
  perAccount: 10,
  /** Registrations per address per hour (ABU39). */
  registrationsPerAddress: 10,
  /** The first delay past the free failures, doubling with each checked attempt, up to the largest. */
  firstDelayMs: 2_000,
  maxDelayMs: 300_000,
} as const;

/** How many checked failures the ceiling admits within `elapsedMs`: the free ones, then one per delay (ABU34). */
function ceilingWithin(elapsedMs: number): number {
  let allowed = ACCOUNT_ABUSE.perAccount + 1;
  let delay: number = ACCOUNT_ABUSE.firstDelayMs;
  for (let spent = delay; spent <= elapsedMs; spent += delay) {
    allowed += 1;
    delay = Math.min(delay * 2, ACCOUNT_ABUSE.maxDelayMs);
  }
  return allowed;
}

const WRONG = 'definitely-wrong-1';
const checked = (statuses: number[]) => statuses.filter((s) => s === 401).length;

/** ABU33: three wrong guesses by user ID and three by mobile from one address: at most five checked. */
async function idAndMobile(t: Tally, site: Site): Promise<void> {
  const mobile = '13700005555';
  const made = await admin(site, ROUTES.adminAccounts, { userID: 's6abu33', password: 'right-pass-33', mobile });
  if (made.status !== 201) throw new Error(`create s6abu33: ${made.status}`);
  const statuses: number[] = [];
  for (const account of ['s6abu33', 's6abu33', 's6abu33', mobile, mobile, mobile]) {
    const a = await login(site, account, WRONG, { forwardedFor: '198.51.100.33' });
    judge(t, 'user ID and mobile login', a.res);
    statuses.push(a.res.status);
  }
  t.set('idAndMobileChecked', checked(statuses));
  t.check(
    checked(statuses) <= ACCOUNT_ABUSE.perAccountAndAddress,
    'wronglyAllowed',
    `user ID and mobile bought ${checked(statuses)} guesses from one address (budget 5)`,
  );
}

/** ABU34, ABU35: one guess from each of 40 addresses: at most 11 checked; the owner's own address still gets in. */
async function manyAddresses(t: Tally, site: Site, owner: User): Promise<void> {
  const home = await login(site, owner.userID, owner.password, { forwardedFor: '198.51.100.200' });
  t.check(is2xx(home.res.status), 'wronglyDenied', `the owner's first login got ${home.res.status}`);
  const statuses: number[] = [];
  const started = Date.now();
  for (let i = 0; i < 40; i += 1) {
    const a = await login(site, owner.userID, WRONG, { forwardedFor: `192.0.2.${100 + i}` });
    judge(t, 'login from many addresses', a.res);
    statuses.push(a.res.status);
  }
  const ceiling = ceilingWithin(Date.now() - started);
  t.set('accountCeilingChecked', checked(statuses));
  t.check(
    checked(statuses) <= ceiling,
    'wronglyAllowed',
    `${checked(statuses)} of 40 guesses from 40 addresses were checked (ceiling ${ceiling} in that time)`,
  );
  const again = await login(site, owner.userID, owner.password, { forwardedFor: '198.51.100.200' });
  t.check(
    is2xx(again.res.status),
    'wronglyDenied',
    `the owner at home was refused (${again.res.status}) during guessing`,
  );
}

const register = (site: Site, mobile: string, address: string) =>
  portalCall(
    site.port,
    'user/register',
    { identity: 1, mobile, password: 'abc12345x', name: '测试' },
    { 'x-forwarded-for': address },
  );

/** ABU38, ABU39: a taken and a free number answer alike; the 11th registration from one address is refused. */
async function registration(t: Tally, site: Site): Promise<void> {
  const first = await register(site, '13700006666', '198.51.100.66');
  const taken = await register(site, '13700006666', '198.51.100.67');
  const free = await register(site, '13700006667', '198.51.100.68');
  for (const r of [first, taken, free]) judge(t, 'register', r);
  t.check(taken.text === free.text, 'wronglyAllowed', `a taken number answers ${taken.text}, a free one ${free.text}`);
  const codes: number[] = [];
  for (let i = 0; i <= ACCOUNT_ABUSE.registrationsPerAddress; i += 1) {
    const r = await register(site, `1370000${String(7000 + i)}`, '198.51.100.69');
    judge(t, 'register burst', r);
    codes.push(Number((r.json as { code?: number } | undefined)?.code));
  }
  t.set('registrationsAllowed', codes.filter((c) => c === 1).length);
  t.check(
    codes.filter((c) => c === 1).length <= ACCOUNT_ABUSE.registrationsPerAddress,
    'wronglyAllowed',
    `${codes.filter((c) => c === 1).length} registrations from one address in an hour`,
  );
}

/** The JSON of `levels` merged records nested inline, each level's merger after a text element when `second`. */
function nested(levels: number, second: boolean): string {
  const text = '{"type":"TIMTextElem","payload":{"text":"hi"}}';
  const head = `{"ID":"m","from":"x","time":1,"messageBody":[${second ? `${text},` : ''}{"type":"TIMRelayElem","payload":{"messageList":[`;
  const leaf = `{"ID":"m","from":"x","time":1,"messageBody":[${text}]}`;
  return `${head.repeat(levels - 1)}${leaf}${']}}]}'.repeat(levels - 1)}`;
}

/** ABU30–ABU32: merged records 802 and 5,000 levels deep, inline or behind a first element: 4xx, never stored or 5xx. */
async function deepRecords(t: Tally, site: Site, user: User): Promise<void> {
  for (const [levels, second] of [
    [802, true],
    [5_000, false],
    [5_000, true],
  ] as const) {
    const top = `{"ID":"m","from":"x","time":1,"messageBody":[{"type":"TIMRelayElem","payload":{"messageList":[${nested(levels, second)}]}}]}`;
    const res = await send({
      port: site.port,
      method: 'POST',
      path: '/api/v1/mergers',
      headers: { authorization: `Bearer ${user.userSig}`, 'content-type': 'application/json' },
      body: `{"title":"T","abstractList":[],"compatibleText":"c","messageList":[${top}]}`,
    });
    judge(t, `merged records ${levels} deep`, res);
    t.check(!is2xx(res.status), 'wronglyAllowed', `merged records ${levels} deep (second: ${second}) were stored`);
  }
}

export async function runAccountAbuse(t: Tally, site: Site): Promise<void> {
  await idAndMobile(t, site);
  await manyAddresses(t, site, await createUser(site, 's6abu34'));
  await registration(t, site);
  await deepRecords(t, site, await createUser(site, 's6abu30'));
}
