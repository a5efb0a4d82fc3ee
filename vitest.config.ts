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
    // Generous on purpose: CI may run at a load of 8 on two cores, four times slower than a quiet machine. A test
    // waits for conditions, so a passing one never waits these out; they only bound a hung one.
    testTimeout: 120_000,
    hookTimeout: 240_000,
    // expect.poll's own default (1 s) is the kind of limit a busy machine hits.
    expect: { poll: { timeout: 20_000 } },
    // Files run in two parallel forks; PostgreSQL and Redis tests isolate by schema and key prefix. Vitest's own
    // default is one fork less than the cores, which is a single fork on a 2-core CI machine: most files wait on
    // PostgreSQL, sockets or timers, so a second fork roughly halves the run instead of doubling the load.
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});
