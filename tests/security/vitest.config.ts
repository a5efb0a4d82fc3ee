import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The short security suite inside `npm test` (its own step, after the web build S4 needs). Kept out of the root
 * vitest run, whose files match `*.test.ts`; this one matches `*.security.ts`.
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.security.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
