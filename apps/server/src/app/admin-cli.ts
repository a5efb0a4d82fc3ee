import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ADMIN_ROLES, type AdminRole } from '@parley/protocol';
import { createAdminAccount } from '../domain/admin-console/console.ts';
import { adminConsoleFor } from '../storage/admin-console.ts';
import { openStorage } from '../storage/open-storage.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ensureDataDir } from './secret.ts';

/** The password from PARLEY_ADMIN_PASSWORD, else the first line of stdin (typed, or piped by a script). */
async function readPassword(): Promise<string> {
  const fromEnv = process.env.PARLEY_ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) process.stderr.write('Password (at least 10 characters): ');
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

/**
 * `npm run admin -- create NAME --role operator|moderator|readonly` (ADM10, docs/OPERATIONS.md): an admin account
 * of the console, in the database of PARLEY_DATA_DIR / DATABASE_URL, like the server's.
 */
async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { role: { type: 'string', default: 'readonly' } },
    allowPositionals: true,
  });
  if (command !== 'create') throw new ConfigError('command', 'create NAME --role operator|moderator|readonly');
  const name = positionals[0];
  if (!name) throw new ConfigError('NAME', 'give the admin a name: npm run admin -- create NAME --role operator');
  const role = values.role as AdminRole;
  if (!ADMIN_ROLES.includes(role)) throw new ConfigError('--role', `one of ${ADMIN_ROLES.join(', ')}`);
  const config = loadConfig(process.env, process.cwd());
  if (config.database.kind === 'sqlite') ensureDataDir(config.dataDir);
  const storage = await openStorage(config.database);
  try {
    const store = adminConsoleFor(storage);
    if (!store) throw new Error('this storage has no admin console tables');
    const me = await createAdminAccount(
      { d: { clock: { now: () => Date.now() } }, store },
      { name, role, password: await readPassword() },
      'cli',
    );
    process.stdout.write(`parley: admin ${me.name} (${me.role}) created; sign in at /admin\n`);
  } finally {
    await storage.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`parley: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
