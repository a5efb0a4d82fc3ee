// Bundles app/ with esbuild (the repo's own). `@tencentcloud/lite-chat` and `@tencentcloud/chat` resolve to Parley's
// SDK (through app/recorder.ts for the instance's calls); the official SDKs are never installed nor bundled
// (decision 0044). Writes dist/ and dist/meta.json (every input file, checked by the spec).
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const SDK_ENTRY = /^@tencentcloud\/(?:lite-)?chat(?:\/(basic|standard|professional))?$/;
const SDK_PLUGIN = /^@tencentcloud\/(?:lite-)?chat\/plugins\/([\w-]+)$/;
/** Packages only the kit's audio/video room imports; the chat never runs them (decision 0044). */
const ROOM_ONLY = /^(@tencentcloud\/tuiroom-engine-js|trtc-cloud-js-sdk|svgaplayerweb)(\/.*)?$/;

const parleySdk = {
  name: 'parley-sdk',
  setup(b) {
    b.onResolve({ filter: SDK_ENTRY }, () => ({ path: join(here, 'app/recorder.ts') }));
    b.onResolve({ filter: SDK_PLUGIN }, (args) =>
      b.resolve(`@parley/chat/plugins/${SDK_PLUGIN.exec(args.path)[1]}`, { kind: args.kind, resolveDir: here }),
    );
    b.onResolve({ filter: ROOM_ONLY }, () => ({ path: join(here, 'app/room-stand-in.ts') }));
  },
};

export async function buildKitApp() {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  const result = await build({
    entryPoints: { main: join(here, 'app/main.tsx'), engine: join(here, 'app/engine.ts') },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: dist,
    jsx: 'automatic',
    conditions: ['source'],
    nodePaths: [join(here, 'node_modules')],
    loader: { '.png': 'dataurl', '.svg': 'dataurl', '.woff2': 'dataurl', '.gif': 'dataurl', '.mp3': 'dataurl' },
    define: { 'process.env.NODE_ENV': '"production"' },
    splitting: true,
    minify: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [parleySdk],
  });
  writeFileSync(join(dist, 'meta.json'), JSON.stringify(result.metafile));
  copyFileSync(join(here, 'app/index.html'), join(dist, 'index.html'));
  copyFileSync(join(here, 'app/engine.html'), join(dist, 'engine.html'));
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildKitApp();
