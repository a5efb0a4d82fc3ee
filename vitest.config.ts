import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every workspace; browser e2e runs under Playwright instead. */
export default defineConfig({
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
