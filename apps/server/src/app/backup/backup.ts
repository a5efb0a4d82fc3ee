import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { MIGRATION_COUNT } from '../../storage/migrations.ts';
import type { Config } from '../config.ts';
import { tar } from './archive.ts';

export const BACKUP_FORMAT = 'parley-backup';
export const BACKUP_VERSION = 1;

/** The archive's first member: what it holds, so a restore can refuse what it does not understand (BAK3). */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** `sqlite`: parley.db is in the archive. `postgres`: the database is dumped apart, with pg_dump -Fc (BAK8). */
  database: 'sqlite' | 'postgres';
  migrations: number;
  /** Whether the generated userSig secret (`<data dir>/secret`) is in the archive. */
  secret: boolean;
}

const DB_FILE = 'parley.db';
const MANIFEST = 'manifest.json';

/**
 * SQLite's online backup (BAK1): a second connection copies the database while the server keeps writing. Each
 * step reads in one transaction, so the copy is the database as one commit left it; a write between steps restarts
 * the copy, so after the first small step the rest goes in one step (then no write can come between).
 */
async function copyDatabase(source: string, target: string): Promise<void> {
  const db = new BetterSqlite3(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target, { progress: () => 2_147_483_647 });
  } finally {
    db.close();
  }
  const copy = new BetterSqlite3(target);
  try {
    // One file in the archive, not a WAL beside it; and a copy that SQLite itself finds sound.
    copy.pragma('journal_mode = DELETE');
    const [check] = copy.pragma('integrity_check') as { integrity_check: string }[];
    if (check?.integrity_check !== 'ok')
      throw new Error(`the copied database fails integrity_check: ${check?.integrity_check}`);
  } finally {
    copy.close();
  }
}

/**
 * Writes one archive of the data directory while Parley serves (BAK1–BAK5): the database through SQLite's online
 * backup, then the upload store (content-addressed objects and their records, never rewritten once in place, so
 * every upload the copied database names is there), then the secret. Written beside `out` and renamed into place,
 * mode 0600: it holds the signing secret and every message.
 */
export async function backup(config: Config, out: string): Promise<BackupManifest> {
  const target = resolve(out);
  await mkdir(dirname(target), { recursive: true });
  const stage = await mkdtemp(join(dirname(target), '.parley-backup-'));
  try {
    const database = config.database;
    const sqlite = database.kind === 'sqlite';
    if (database.kind === 'sqlite') await copyDatabase(database.file, join(stage, DB_FILE));
    const secretFile = join(config.dataDir, 'secret');
    const secret = existsSync(secretFile);
    if (secret) await copyFile(secretFile, join(stage, 'secret'));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database: sqlite ? 'sqlite' : 'postgres',
      migrations: MIGRATION_COUNT,
      secret,
    };
    await writeFile(join(stage, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const members = [MANIFEST, ...(sqlite ? [DB_FILE] : []), ...(secret ? ['secret'] : [])];
    const uploads = join(config.dataDir, 'uploads');
    const partial = join(stage, basename(target));
    await tar([
      '-cf',
      partial,
      '-C',
      stage,
      ...members,
      ...(existsSync(uploads) ? ['-C', config.dataDir, '--exclude=uploads/staging', '--exclude=*.tmp', 'uploads'] : []),
    ]);
    await chmod(partial, 0o600);
    await rename(partial, target);
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/**
 * Unpacks an archive into an empty data directory (BAK6, BAK7): a directory with anything in it is refused, so a
 * restore never mixes with or overwrites live data. The manifest is checked first; the database is checked again
 * after unpacking.
 */
export async function restore(file: string, dataDir: string): Promise<BackupManifest> {
  const dir = resolve(dataDir);
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    throw new Error(`${dir} is not empty: restore only into an empty data directory`);
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  await tar(['-xf', resolve(file), '-C', dir, '--no-same-owner', '--no-same-permissions', MANIFEST]);
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Partial<BackupManifest>;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    await rm(join(dir, MANIFEST), { force: true });
    throw new Error(`${file} is not a Parley backup of version ${BACKUP_VERSION}`);
  }
  if ((manifest.migrations ?? 0) > MIGRATION_COUNT) {
    await rm(join(dir, MANIFEST), { force: true });
    throw new Error(`${file} comes from a newer Parley (migration ${manifest.migrations}); upgrade first`);
  }
  await tar(['-xf', resolve(file), '-C', dir, '--no-same-owner', '--no-same-permissions', '--exclude', MANIFEST]);
  await rm(join(dir, MANIFEST), { force: true });
  if (manifest.database === 'sqlite') {
    const db = new BetterSqlite3(join(dir, DB_FILE), { fileMustExist: true });
    try {
      const [check] = db.pragma('integrity_check') as { integrity_check: string }[];
      if (check?.integrity_check !== 'ok') throw new Error(`the restored database fails integrity_check`);
    } finally {
      db.close();
    }
    await chmod(join(dir, DB_FILE), 0o600);
  }
  if (manifest.secret) await chmod(join(dir, 'secret'), 0o600);
  return manifest as BackupManifest;
}
