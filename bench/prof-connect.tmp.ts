import { connectMany } from './cases/connect.ts';
import { pinSelf } from './lib/cpu.ts';
import { freePort, startParley } from './lib/processes.ts';
import { createParleyUsers, parleyTarget } from './lib/targets.ts';
pinSelf();
const users = Array.from({ length: 1000 }, (_, i) => `u${String(i).padStart(4, '0')}`);
const port = await freePort();
const setup = await startParley(port, undefined, {}, [], process.env.ROOT);
const sigs = await createParleyUsers(port, users);
await setup.stop(true);
const args = process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/perf-prof'] : [];
const p = await startParley(port, setup.dataDir, {}, args, process.env.ROOT);
const t = parleyTarget(p, sigs);
const passes = Number(process.env.PASSES ?? 1);
for (let i = 0; i < passes; i++) {
  const r = await connectMany(t, users, 50);
  console.log(JSON.stringify({ pass: i, cps: r.connectsPerSec, cpu: (p as any).cpu?.() }));
  await new Promise((r) => setTimeout(r, 500));
}
await p.stop();
process.exit(0);
