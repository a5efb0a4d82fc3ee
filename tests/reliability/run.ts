/**
 * `npm run test:reliability [-- --seed N] [--short] [--only R1,R3,R1G] [--client minimal]`: seeded, bounded fault
 * scenarios (GUIDE §6). Each prints one JSON line; the exit code is non-zero when any message was
 * lost, duplicated, unexpected or out of order (or a scenario could not run).
 */
import { failures, type Summary } from './lib/summary.ts';
import { R1_FULL, R1_SHORT, runR1 } from './scenarios/r1-cuts.ts';
import { R2_FULL, R2_SHORT, runR2 } from './scenarios/r2-kill.ts';
import { R3_FULL, R3_SHORT, runR3 } from './scenarios/r3-retries.ts';
import { R1G_FULL, R1G_SHORT, runR1Groups } from './scenarios/r1-groups.ts';

// Exit through process.exit so the 'exit' hooks stop the servers this run started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const DEFAULT_SEED = 20_260_301;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  const inline = process.argv.find((a) => a.startsWith(`${name}=`));
  return inline ? inline.slice(name.length + 1) : i >= 0 ? process.argv[i + 1] : undefined;
}

const seed = Number(arg('--seed') ?? DEFAULT_SEED);
if (!Number.isSafeInteger(seed)) throw new Error('--seed must be a whole number');
const short = process.argv.includes('--short');
const only = arg('--only')?.split(',');
const client = arg('--client') ?? 'sdk';
if (client !== 'sdk' && client !== 'minimal') throw new Error('--client is sdk or minimal');

const scenarios: [string, () => Promise<Summary>][] = [
  ['R1', () => runR1(seed, { ...(short ? R1_SHORT : R1_FULL), client })],
  ['R2', () => runR2(seed, short ? R2_SHORT : R2_FULL)],
  ['R3', () => runR3(seed, short ? R3_SHORT : R3_FULL)],
  ['R1G', () => runR1Groups(seed, short ? R1G_SHORT : R1G_FULL)],
];

let failed = false;
for (const [name, run] of scenarios) {
  if (only && !only.includes(name)) continue;
  try {
    const summary = await run();
    if (failures(summary).length > 0) failed = true;
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } catch (err) {
    failed = true;
    const error = err instanceof Error ? err.message : String(err);
    process.stdout.write(`${JSON.stringify({ scenario: name, seed, error })}\n`);
  }
}
process.exit(failed ? 1 : 0);
