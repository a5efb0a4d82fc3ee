import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hasTaskset } from '../../bench/lib/cpu.ts';

/**
 * BEN1: the benchmark's load generator leaves the server's core to the server. `pinSelf` must move every thread of
 * the load generator (V8's and libuv's threads start before it is called) and the processes it started, not only
 * its main thread: in a scheduler trace those threads preempted the server's event loop for 2-4 ms at a time.
 */
const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cpu = join(root, 'bench/lib/cpu.ts');

const usable = hasTaskset && availableParallelism() >= 2 && process.platform === 'linux';

// A child of its own: pinning moves the calling process, which must not be this test worker.
const PROBE = `
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
const { pinSelf, LOAD_CORE } = await import(process.env.CPU_MODULE);
const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 300));
pinSelf();
const affinity = (pid) => readdirSync('/proc/' + pid + '/task').map(
  (tid) => /Cpus_allowed_list:\\s*(\\S+)/.exec(readFileSync('/proc/' + pid + '/task/' + tid + '/status', 'utf8'))[1]);
console.log(JSON.stringify({ core: LOAD_CORE, self: affinity(process.pid), child: affinity(child.pid) }));
child.kill();
`;

describe.skipIf(!usable)(
  usable ? 'BEN1 load generator pinning' : 'BEN1 load generator pinning (skipped: needs Linux, taskset and 2 cores)',
  () => {
    it('pins every thread of the load generator and of its child processes to the load core', async () => {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
        cwd: root,
        env: { ...process.env, CPU_MODULE: cpu },
      });
      const r = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
        core: string;
        self: string[];
        child: string[];
      };
      // Node runs a main thread plus V8's and libuv's: more than one thread, each now on the load core alone.
      expect(r.self.length).toBeGreaterThan(1);
      expect(new Set(r.self)).toEqual(new Set([r.core]));
      expect(r.child.length).toBeGreaterThan(1);
      expect(new Set(r.child)).toEqual(new Set([r.core]));
    });
  },
);
