// Type-checks every workspace with its own tsconfig (they differ in lib/jsx), two at a time: tsc uses one core.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

// Longest first, so the two lanes end together. CPU seconds of each (tests/README.md, "Run time"): tests 46 (it
// checks the server and the SDK it imports too), apps/web 41 (the kit and the SDK too), apps/server 39,
// packages/chat-react 26, bench 19, packages/sdk 16, packages/protocol 5.
const projects = [
  'tests',
  'apps/web',
  'apps/server',
  'packages/chat-react',
  'bench',
  'packages/sdk',
  'packages/protocol',
  // Tencent's kits on Parley (decision 0044): only once its own `npm ci` has installed them.
  ...(existsSync('tests/compat/tencent-kits/node_modules/.package-lock.json') ? ['tests/compat/tencent-kits'] : []),
].filter((p) => existsSync(`${p}/tsconfig.json`));

/** Runs tsc for one project; its output is printed in one piece when it ends, so two never interleave. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn('node_modules/.bin/tsc', ['-p', project, '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => {
      if (output) process.stdout.write(output);
      console.log(`typecheck ${code === 0 ? 'ok' : 'FAILED'}: ${project}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
let failed = 0;
async function lane() {
  for (let p = queue.shift(); p; p = queue.shift()) if (!(await check(p))) failed += 1;
}
await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, lane));
process.exit(failed ? 1 : 0);
