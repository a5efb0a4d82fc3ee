// Builds @parley/chat for use outside the workspace (decision 0014): dist/index.js, one ES module with the protocol
// inlined (Node 20 and bundlers import it without a TypeScript loader), and dist/index.d.ts with its declarations.
// The workspace itself resolves the package to src/ through the "source" export condition (decision 0014).
//   node packages/sdk/scripts/build.mjs
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });

const shared = {
  bundle: true,
  format: 'esm',
  // Neither Node nor browser specific: the SDK takes fetch and WebSocket from its environment or its options.
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
};
await build({ ...shared, entryPoints: [join(root, 'src/index.ts')], outfile: join(dist, 'index.js') });
// The lite family's plugin sub-paths (`<package>/plugins/<name>`, docs/COMPATIBILITY.md): one small module each.
const plugins = join(root, 'src/lite/plugins');
await build({
  ...shared,
  entryPoints: readdirSync(plugins).map((f) => join(plugins, f)),
  outdir: join(dist, 'plugins'),
});

// Declarations of the SDK and of the protocol it re-exports, then '@parley/protocol' (private, not shipped)
// rewritten to the emitted protocol declarations.
const tsc = resolve(root, '../../node_modules/.bin/tsc');
execFileSync(tsc, ['-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
const types = join(dist, 'types');
const protocolIndex = join(types, 'protocol/src/index.js');
for (const file of walk(types)) {
  if (!file.endsWith('.d.ts')) continue;
  const text = readFileSync(file, 'utf8');
  let target = relative(dirname(file), protocolIndex).replaceAll('\\', '/');
  if (!target.startsWith('.')) target = `./${target}`;
  const rewritten = text.replaceAll(/(['"])@parley\/protocol\1/g, `'${target}'`);
  if (rewritten !== text) writeFileSync(file, rewritten);
}
writeFileSync(
  join(dist, 'index.d.ts'),
  "export * from './types/sdk/src/index.js';\nexport { default } from './types/sdk/src/index.js';\n",
);
console.log(
  `built ${relative(process.cwd(), dist)}: index.js (${Math.round(statSync(join(dist, 'index.js')).size / 1024)} KB), index.d.ts`,
);

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}
