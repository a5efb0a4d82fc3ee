import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** Workspace packages resolve to their TypeScript source ("source" export condition, decision 0014), not dist/. */
const SOURCE = 'source';

/** Unit and integration tests of every workspace; browser e2e runs under Playwright instead. */
export default defineConfig({
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions], externalConditions: [SOURCE] } },
  test: {
    include: ['{apps,packages,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', 'tests/e2e/**', 'tests/.artifacts/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in two parallel forks; PostgreSQL and Redis tests isolate by schema and key prefix. Vitest's own
    // default is one fork less than the cores, which is a single fork on a 2-core CI machine: most files wait on
    // PostgreSQL, sockets or timers, so a second fork roughly halves the run instead of doubling the load.
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});
