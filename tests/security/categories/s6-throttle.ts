import { waitUntil } from '../../reliability/lib/wait.ts';
import { is2xx, judge } from '../lib/http.ts';
import type { Servers, Site } from '../lib/servers.ts';
import { createUser, login, type User } from '../lib/site-api.ts';
import { checkAlive } from '../lib/http.ts';
import { Tally } from '../lib/tally.ts';
import { runAccountAbuse } from './s6-accounts.ts';

/**
 * Login throttling (decision 0008). TODO(integrate): the documented budget of wrong passwords per account and address
 * per minute, and the number of correct logins one address (an office NAT) must get through.
 */
export const THROTTLE = { perAccountAndAddress: 5, natLogins: 31 } as const;

const WRONG = 'definitely-wrong-1';

/** A wrong password that reached the hash answers 401; a throttled one 429. */
const checkedCount = (statuses: number[]) => statuses.filter((s) => s === 401).length;

/**
 * 20 wrong and then 1 right password, all in flight together from one address: the right one must not get in.
 * The right one leaves once the wrong ones are on the wire, so a server that counts on arrival has counted them;
 * their hashes are still running, which is what a server counting after the hash gets wrong.
 */
async function parallelBurst(t: Tally, site: Site, victim: User): Promise<void> {
  let sent = 0;
  const from = { forwardedFor: '198.51.100.1', onSent: () => (sent += 1) };
  const wrong = Array.from({ length: 20 }, () => login(site, victim.userID, WRONG, from));
  await waitUntil(() => sent === wrong.length, { timeoutMs: 30_000, what: 'the wrong passwords to be sent' });
  const right = login(site, victim.userID, victim.password, { forwardedFor: from.forwardedFor });
  const answers = await Promise.all([...wrong, right]);
  for (const a of answers) judge(t, 'parallel login', a.res);
  const rightAnswer = answers.at(-1);
  t.check(
    !is2xx(rightAnswer?.res.status ?? 0),
    'wronglyAllowed',
    'the right password got in among 20 parallel wrong ones',
  );
  const checked = checkedCount(answers.slice(0, -1).map((a) => a.res.status));
  t.set('parallelChecked', checked);
  t.check(
    checked <= THROTTLE.perAccountAndAddress,
    'wronglyAllowed',
    `${checked} of 20 parallel wrong passwords were checked (budget ${THROTTLE.perAccountAndAddress})`,
  );
}

/** After that burst, nobody else is locked out: a bystander from the same address, the victim from elsewhere. */
async function noCollateral(t: Tally, site: Site, victim: User, bystander: User): Promise<void> {
  const same = await login(site, bystander.userID, bystander.password, { forwardedFor: '198.51.100.1' });
  judge(t, 'bystander login', same.res);
  t.check(is2xx(same.res.status), 'wronglyDenied', `a bystander at the attacker's address got ${same.res.status}`);
  const elsewhere = await login(site, victim.userID, victim.password, { forwardedFor: '198.51.100.2' });
  judge(t, 'victim elsewhere', elsewhere.res);
  t.check(is2xx(elsewhere.res.status), 'wronglyDenied', `the victim from another address got ${elsewhere.res.status}`);
}

/** Many addresses through the trusted proxy against one account: each address gets its own small budget only. */
async function distributed(t: Tally, site: Site, victim: User, addresses: number, perAddress: number): Promise<void> {
  const attempts = [];
  for (let a = 0; a < addresses; a += 1) {
    for (let i = 0; i < perAddress; i += 1)
      attempts.push(login(site, victim.userID, WRONG, { forwardedFor: `192.0.2.${a + 1}` }));
  }
  const answers = await Promise.all(attempts);
  for (const a of answers) judge(t, 'distributed login', a.res);
  const checked = checkedCount(answers.map((a) => a.res.status));
  const budget = addresses * THROTTLE.perAccountAndAddress;
  t.set('distributedChecked', checked);
  t.check(
    checked <= budget,
    'wronglyAllowed',
    `${checked} of ${answers.length} distributed wrong passwords checked (budget ${budget})`,
  );
}

/** An office behind one NAT: many people log in correctly from one address within a minute. */
async function sharedAddress(t: Tally, site: Site, users: User[]): Promise<void> {
  let refused = 0;
  for (let i = 0; i < users.length; i += 4) {
    const batch = users
      .slice(i, i + 4)
      .map((u) => login(site, u.userID, u.password, { forwardedFor: '198.51.100.50' }));
    for (const a of await Promise.all(batch)) {
      judge(t, 'NAT login', a.res);
      t.tried();
      if (!is2xx(a.res.status)) refused += 1;
    }
  }
  if (refused > 0)
    t.found('wronglyDenied', `${refused} of ${users.length} correct logins from one address refused`, refused);
}

/** Without a trusted proxy, X-Forwarded-For is the client's word: rotating it must not buy more guesses. */
async function spoofedForwardedFor(t: Tally, site: Site, victim: User): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i < 12; i += 1) {
    const a = await login(site, victim.userID, WRONG, { forwardedFor: `203.0.113.${i + 1}` });
    judge(t, 'spoofed XFF login', a.res);
    statuses.push(a.res.status);
  }
  const checked = checkedCount(statuses);
  t.check(
    checked <= THROTTLE.perAccountAndAddress,
    'wronglyAllowed',
    `untrusted X-Forwarded-For bought ${checked} guesses (budget ${THROTTLE.perAccountAndAddress})`,
  );
}

export async function runS6(seed: number, servers: Servers, short: boolean): Promise<Tally> {
  const t = new Tally('S6', seed);
  const site = await servers.need('proxy');
  const [victim, bystander, victim2] = await Promise.all(
    ['s6victim', 's6bystander', 's6victim2'].map((id) => createUser(site, id)),
  );
  if (!victim || !bystander || !victim2) throw new Error('S6 users');
  await parallelBurst(t, site, victim);
  await noCollateral(t, site, victim, bystander);
  await distributed(t, site, victim2, 10, short ? 7 : 12);
  const office: User[] = [];
  for (let i = 0; i < THROTTLE.natLogins; i += 4) {
    const batch = Array.from({ length: Math.min(4, THROTTLE.natLogins - i) }, (_, j) =>
      createUser(site, `s6office${i + j}`),
    );
    office.push(...(await Promise.all(batch)));
  }
  await sharedAddress(t, site, office);
  await runAccountAbuse(t, site);
  const plain = await servers.need('plain');
  await spoofedForwardedFor(t, plain, await createUser(plain, 's6spoofed'));
  await checkAlive(t, site);
  await checkAlive(t, plain);
  return t;
}
