// Type-checks every workspace with its own tsconfig (they differ in lib/jsx), one after another.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = [
  'packages/protocol',
  'packages/sdk',
  'packages/chat-react',
  'apps/server',
  'apps/web',
  'tests',
  'bench',
];
let failed = 0;
for (const p of projects) {
  if (!existsSync(`${p}/tsconfig.json`)) continue;
  try {
    execFileSync('node_modules/.bin/tsc', ['-p', p, '--noEmit'], { stdio: 'inherit' });
    console.log(`typecheck ok: ${p}`);
  } catch {
    failed += 1;
    console.error(`typecheck FAILED: ${p}`);
  }
}
process.exit(failed ? 1 : 0);
