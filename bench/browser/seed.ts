import { ADMIN_KEY } from '../lib/processes.ts';

/** Accounts and conversations for the browser benchmark, through the server's admin and message APIs. */
export const PASSWORD = 'bench-browser-pass';

async function post(base: string, path: string, headers: Record<string, string>, body: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as unknown;
}

/** Creates a user with a password (for the browser login) and returns its userSig (for HTTP sends). */
export async function createUser(base: string, userID: string, nick: string): Promise<string> {
  const admin = { 'x-parley-admin-key': ADMIN_KEY };
  await post(base, '/admin/v1/accounts', admin, { userID, password: PASSWORD, profile: { nick } });
  const { userSig } = (await post(base, '/admin/v1/usersig', admin, { userID })) as { userSig: string };
  return userSig;
}

/**
 * `count` text messages from the owner of `userSig` to `to`, sent over the public send API by `concurrency`
 * workers. Returns the messages per second the seeding reached (for the record, not a benchmark).
 */
export async function seedMessages(
  base: string,
  userSig: string,
  to: string,
  count: number,
  concurrency = 16,
): Promise<number> {
  const headers = { authorization: `Bearer ${userSig}` };
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await post(base, '/api/v1/messages', headers, {
        ID: `bench-${to}-${i}`,
        conversationType: 'C2C',
        to,
        type: 'TIMTextElem',
        payload: { text: `Message ${i + 1} of ${count}: the quick brown fox jumps over the lazy dog.` },
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return Math.round(count / ((performance.now() - started) / 1000));
}
