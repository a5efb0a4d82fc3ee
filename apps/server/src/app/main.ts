import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './build-app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { demoAccountsPresent, demoBanner } from './demo-seed.ts';

const here = dirname(fileURLToPath(import.meta.url));
const defaultWebDir = resolve(here, '../../../web/dist');

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, process.cwd(), defaultWebDir);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`parley: configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  const address = await app.listen({ port: config.port, host: config.host });
  const storage = config.database.kind === 'sqlite' ? `SQLite at ${config.database.file}` : 'PostgreSQL';
  const lines = [`Parley is running at ${address} (${storage}, ${config.redisUrl ? 'Redis bus' : 'in-process bus'})`];
  if (config.turn.turnUrls.length === 0) {
    // CALL5: calls still work where the peers reach each other directly (this machine, one LAN).
    lines.push('Calls: no TURN server (PARLEY_TURN_URLS unset); peers connect directly, as on this machine or one LAN');
  }
  // Every start, not only the seeding one: an operator restarting a demo still needs the logins.
  if (app.parley.demoSeeded || (await demoAccountsPresent(app.parley.domain))) {
    lines.push(...demoBanner(app.parley.demoSeeded));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`parley: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
