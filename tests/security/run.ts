/**
 * `npm run test:security [-- --seed N] [--short] [--only S1,S4]`: the security suite (GUIDE §6).
 * Seeded (`--seed` or PARLEY_SECURITY_SEED) and bounded. Prints one JSON line per category; exits non-zero when
 * any category allowed what it must refuse, refused a legitimate user, answered 5xx or a malformed error, crashed
 * the server or lost data, or could not run.
 */
import { CATEGORIES, DEFAULT_SEED } from './categories/index.ts';
import { Servers } from './lib/servers.ts';
import { failuresOf } from './lib/tally.ts';
import { ensureWebBuilt } from './lib/web.ts';

// Exit through process.exit so the 'exit' hooks stop the servers this run started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  const inline = process.argv.find((a) => a.startsWith(`${name}=`));
  return inline ? inline.slice(name.length + 1) : i >= 0 ? process.argv[i + 1] : undefined;
}

const seed = Number(arg('--seed') ?? process.env.PARLEY_SECURITY_SEED ?? DEFAULT_SEED);
if (!Number.isSafeInteger(seed)) throw new Error('--seed (or PARLEY_SECURITY_SEED) must be a whole number');
const short = process.argv.includes('--short');
const only = arg('--only')?.split(',');
process.stderr.write(`security suite: seed ${seed} (replay with --seed ${seed})${short ? ', short' : ''}\n`);

const chosen = CATEGORIES.filter((c) => !only || only.includes(c.id));
if (chosen.length === 0)
  throw new Error(`--only ${only?.join(',')}: no such category (${CATEGORIES.map((c) => c.id)})`);
if (chosen.some((c) => c.id === 'S3' || c.id === 'S4')) await ensureWebBuilt();
const servers = new Servers();
let failed = false;
for (const category of chosen) {
  try {
    const result = (await category.run(seed, servers, short)).r;
    if (failuresOf(result).length > 0) failed = true;
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } catch (err) {
    failed = true;
    const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
    process.stdout.write(`${JSON.stringify({ category: category.id, seed, error })}\n`);
  }
}
await servers.stopAll();
process.exit(failed ? 1 : 0);
