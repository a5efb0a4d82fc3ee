import { afterEach, describe } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { pgUrl } from './support/messaging.ts';
import { searchContract } from './search-contract.ts';

afterEach(cleanupApps);

describe('message search (sqlite)', () => searchContract('sqlite'));

describe.skipIf(!pgUrl)(pgUrl ? 'message search (postgres)' : 'message search (postgres: skipped, no PostgreSQL)', () =>
  searchContract('postgres'),
);
