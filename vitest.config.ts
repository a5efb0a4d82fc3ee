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
    // Two cores: files run in parallel forks, PostgreSQL and Redis tests isolate by schema and prefix.
    pool: 'forks',
    reporters: ['default'],
  },
});
