import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
// The chat tests create their own users through the admin API, so each test starts from empty conversations.
import { E2E_ADMIN_KEY, E2E_CONSOLE_ADMIN } from './e2e-env.ts';

/** A port the OS says is free now, asked synchronously because Playwright reads its configuration synchronously. */
function freePortSync(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

// No fixed port: another server on the machine (or another checkout's run) may hold any given one. The runner asks
// the OS for one and publishes it through the environment, which the workers inherit, so all of them agree.
// PARLEY_E2E_PORT still picks one by hand.
process.env.PARLEY_E2E_PORT ??= String(freePortSync());
const PORT = Number(process.env.PARLEY_E2E_PORT);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// The visual lane (decision 0036) has a server and data directory of its own: its pictures show the demo data as seeded
// plus its own staging, whatever the other lanes change in theirs and in whatever order they run.
process.env.PARLEY_VISUAL_PORT ??= String(freePortSync());
const VISUAL_PORT = Number(process.env.PARLEY_VISUAL_PORT);
const VISUAL_URL = `http://127.0.0.1:${VISUAL_PORT}`;

// Playwright loads this file in the runner and again in every worker. The runner makes the data directory and
// publishes it through the environment, which workers inherit, so one run uses exactly one fresh directory.
process.env.PARLEY_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'parley-e2e-'));
process.env.PARLEY_VISUAL_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'parley-visual-'));
// The visual lane's browser clock (decision 0036): the hour the run started, one value for all workers.
process.env.PARLEY_VISUAL_NOW ??= String(Math.floor(Date.now() / 3_600_000) * 3_600_000);

/**
 * End-to-end tests against the real server, which seeds the demo accounts into the empty data directory and serves
 * the built web app from apps/web/dist (the test script builds it first). The browser is Debian's Chromium:
 * nothing is downloaded.
 */
/**
 * Two lanes, one worker each, running side by side against the one server. Specs that log in as the demo accounts
 * or read and change the portal's shared demo data (jobs, applications, a resume's privacy) run one after another
 * in `portal`; every other spec makes users of its own through the admin API and runs in `chat`. Two specs of one
 * lane never overlap, so no test sees another's changes to shared data.
 */
const PORTAL_SPECS = ['layout.spec.ts', 'login.spec.ts', 'portal-*.spec.ts'];
/** The visual, accessibility and layout guards (VIS1–VIS15): one lane on a server of its own. */
const VISUAL_SPECS = ['visual/*.spec.ts'];
/** Calls (decision 0039): Chromium with fake camera and microphone, one call test at a time (they are heavy). */
const CALL_SPECS = ['calls*.spec.ts'];
const SCREENSHOTS = Boolean(process.env.PARLEY_SCREENSHOTS);
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: '.',
  // PARLEY_SCREENSHOTS=1 runs the screenshot script (screenshots.take.ts) instead of the tests.
  testMatch: SCREENSHOTS ? 'screenshots.take.ts' : '*.spec.ts',
  projects: SCREENSHOTS
    ? [{ name: 'screenshots' }]
    : [
        { name: 'portal', testMatch: PORTAL_SPECS, testIgnore: VISUAL_SPECS, workers: 1 },
        { name: 'chat', testIgnore: [...PORTAL_SPECS, ...VISUAL_SPECS, ...CALL_SPECS], workers: 1 },
        {
          name: 'calls',
          testMatch: CALL_SPECS,
          workers: 1,
          use: {
            permissions: ['camera', 'microphone'],
            launchOptions: {
              executablePath: '/usr/bin/chromium',
              args: [
                ...CHROMIUM_ARGS,
                '--use-fake-device-for-media-stream',
                '--use-fake-ui-for-media-stream',
                // Two pages of one browser play sound and video while hidden behind each other.
                '--autoplay-policy=no-user-gesture-required',
                '--disable-renderer-backgrounding',
                '--disable-background-timer-throttling',
                '--disable-backgrounding-occluded-windows',
              ],
            },
          },
        },
        {
          name: 'visual',
          testMatch: VISUAL_SPECS,
          // Its chat and portal files share no data: they may run side by side.
          workers: 2,
          use: { baseURL: VISUAL_URL },
          // Platform-independent names: CI runs this same Debian Chromium with the same fonts (VIS3).
          snapshotPathTemplate: '{testDir}/visual/__screenshots__/{arg}{ext}',
        },
      ],
  reporter: 'list',
  fullyParallel: false,
  workers: SCREENSHOTS ? 1 : 2,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI: a shared 2-core machine sometimes starves a browser past a timeout. A test that needed
  // its retry is listed by name in the summary of `npm test` ('flaky (passed on retry)'), so it gets fixed,
  // not forgotten; one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  // Generous: a run on a machine four times slower and busy must not hit them; a passing test never waits them out.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    server(PORT, BASE_URL, process.env.PARLEY_E2E_DATA_DIR ?? ''),
    server(VISUAL_PORT, VISUAL_URL, process.env.PARLEY_VISUAL_DATA_DIR ?? ''),
  ],
});

function server(port: number, url: string, dataDir: string) {
  return {
    command: 'node --import tsx ../../apps/server/src/app/main.ts',
    url: `${url}/readyz`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PARLEY_DATA_DIR: dataDir,
      PARLEY_SECRET: 'e2e-secret-0123456789abcdef',
      PARLEY_ADMIN_KEY: E2E_ADMIN_KEY,
      PARLEY_ADMIN_BOOTSTRAP: `${E2E_CONSOLE_ADMIN.name}:${E2E_CONSOLE_ADMIN.password}`,
    },
  };
}
