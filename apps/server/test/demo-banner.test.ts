import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USERS, demoAccountsPresent } from '../src/app/demo-seed.ts';
import { SECRET, cleanupApps, makeApp, tempDir, within } from './support/app.ts';
import { type ServerProcess, freePort, killIfRunning, spawnServer, waitForOutput } from './support/process.ts';

let server: ServerProcess | undefined;
afterEach(async () => {
  killIfRunning(server);
  server = undefined;
  await cleanupApps();
});

/** Starts the real entry point on `dataDir`, waits for its start-up lines, stops it, returns what it printed. */
async function startAndStop(dataDir: string): Promise<string> {
  server = spawnServer({
    PORT: String(await freePort()),
    PARLEY_DATA_DIR: dataDir,
    PARLEY_LOG_LEVEL: 'silent',
    PARLEY_DEMO: '1',
    PARLEY_SECRET: SECRET,
    PARLEY_WEB_DIR: tempDir('parley-no-web-'),
  });
  await within(waitForOutput(server, 'Parley is running at'), 120_000, 'the server to start');
  const printed = server.stdout();
  server.child.kill('SIGTERM');
  await within(server.exited, 5000, 'the process to exit');
  return printed;
}

describe('demo logins at start', () => {
  it('OPS4 the demo logins are printed on the first start and again on every later start', async () => {
    const dataDir = tempDir();
    const first = await startAndStop(dataDir);
    const second = await startAndStop(dataDir);
    expect(first).toContain('Demo data seeded.');
    expect(second).toContain('Demo data present.');
    for (const printed of [first, second]) {
      expect(printed).toContain('README.md');
      for (const u of DEMO_USERS) expect(printed).toContain(u.mobile);
    }
  }, 240_000);

  it('OPS4 nothing is printed about demo logins when the demo accounts are absent', async () => {
    const { app } = await makeApp({ demo: false });
    expect(await demoAccountsPresent(app.parley.domain)).toBe(false);
    const seeded = await makeApp({ demo: true });
    expect(await demoAccountsPresent(seeded.app.parley.domain)).toBe(true);
  });
});
