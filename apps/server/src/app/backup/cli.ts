import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { backup, restore } from './backup.ts';

/**
 * `npm run backup -- --out FILE` and `npm run restore -- FILE` (rules BAK1–BAK10, docs/OPERATIONS.md). The data
 * directory and database come from the same variables as the server's (PARLEY_DATA_DIR, DATABASE_URL); restore
 * also takes `--data-dir`.
 */
async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { out: { type: 'string' }, 'data-dir': { type: 'string' } },
    allowPositionals: true,
  });
  const config = loadConfig(
    values['data-dir'] ? { ...process.env, PARLEY_DATA_DIR: values['data-dir'] } : process.env,
    process.cwd(),
  );
  if (command === 'backup') {
    if (!values.out) throw new ConfigError('--out', 'give the archive to write: npm run backup -- --out FILE');
    const manifest = await backup(config, values.out);
    process.stdout.write(`parley: backup written to ${values.out} (${manifest.database})\n`);
    if (manifest.database === 'postgres') {
      process.stdout.write('parley: the database is not in it: dump it with pg_dump -Fc (docs/OPERATIONS.md)\n');
    }
    return;
  }
  if (command === 'restore') {
    const file = positionals[0];
    if (!file) throw new ConfigError('FILE', 'give the archive to restore: npm run restore -- FILE');
    const manifest = await restore(file, config.dataDir);
    process.stdout.write(`parley: restored ${file} into ${config.dataDir} (${manifest.database})\n`);
    if (manifest.database === 'postgres') {
      process.stdout.write('parley: restore the database with pg_restore (docs/OPERATIONS.md)\n');
    }
    return;
  }
  throw new ConfigError('command', 'backup or restore');
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`parley: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
