import { describe } from 'vitest';
import { pgTestUrl, requireService } from './support/services.ts';
import { freshPostgres, freshSqlite } from './support/storage.ts';
import { storageContract } from './storage-contract.ts';

const pgUrl = await requireService('postgres', pgTestUrl(), 'postgres storage contract tests');

storageContract('sqlite', freshSqlite);

describe.skipIf(!pgUrl)('postgres', () => {
  storageContract('postgres', () => freshPostgres(pgUrl as string));
});
