import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { KIT_ADMIN_KEY } from './kit-env.ts';

/**
 * Tencent's React chat UIKit, unmodified, on Parley (decision 0044): a Parley server and, beside it, the kit app's
 * bundle served from its own port with the API passed through (serve.mjs). Both ports come from the OS. The browser
 * is Debian's Chromium; nothing is downloaded. Needs this folder's own `npm ci` (scripts/test.mjs runs it).
 */
function freePortSync(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

process.env.PARLEY_KIT_SERVER_PORT ??= String(freePortSync());
process.env.PARLEY_KIT_APP_PORT ??= String(freePortSync());
process.env.PARLEY_KIT_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'parley-kit-'));
const SERVER_URL = `http://127.0.0.1:${process.env.PARLEY_KIT_SERVER_PORT}`;
const APP_URL = `http://127.0.0.1:${process.env.PARLEY_KIT_APP_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  testIgnore: ['node_modules/**'],
  outputDir: '../../.artifacts/tencent-kits-results',
  reporter: 'list',
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Generous: the two-user test takes about two minutes on a quiet 2-core machine; it must pass at four times slower.
  timeout: 600_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: APP_URL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  webServer: [
    {
      command: 'node --import tsx ../../../apps/server/src/app/main.ts',
      url: `${SERVER_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(process.env.PARLEY_KIT_SERVER_PORT),
        HOST: '127.0.0.1',
        PARLEY_DATA_DIR: String(process.env.PARLEY_KIT_DATA_DIR),
        PARLEY_SECRET: 'kit-secret-0123456789abcdef0123',
        PARLEY_ADMIN_KEY: KIT_ADMIN_KEY,
        PARLEY_DEMO: '0',
      },
    },
    {
      command: 'node serve.mjs',
      url: `${APP_URL}/index.html`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { PORT: String(process.env.PARLEY_KIT_APP_PORT), PARLEY_URL: SERVER_URL },
    },
  ],
});
