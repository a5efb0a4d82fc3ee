import type { Servers } from '../lib/servers.ts';
import type { Tally } from '../lib/tally.ts';
import { runS1 } from './s1-tokens.ts';
import { runS2 } from './s2-access.ts';
import { runS3 } from './s3-origins.ts';
import { runS4 } from './s4-xss.ts';
import { runS5 } from './s5-uploads.ts';
import { runS6 } from './s6-throttle.ts';
import { runS7 } from './s7-limits.ts';
import { runS8 } from './s8-fuzz.ts';
import { runS9 } from './s9-group-churn.ts';
import { runS10 } from './s10-abuse.ts';

export const DEFAULT_SEED = 20_261_122;

export interface Category {
  id: string;
  title: string;
  run: (seed: number, servers: Servers, short: boolean) => Promise<Tally>;
}

/** In run order. Each category starts the servers it needs through `servers` (shared where harmless). */
export const CATEGORIES: Category[] = [
  { id: 'S1', title: 'forged and expired tokens and cookies', run: runS1 },
  { id: 'S2', title: 'every route and socket operation as the wrong user and role', run: runS2 },
  { id: 'S3', title: 'cross-origin writes and upgrades, security headers', run: runS3 },
  { id: 'S4', title: 'XSS payloads in every user-controlled field, rendered in Chromium', run: runS4 },
  { id: 'S5', title: 'hostile uploads', run: runS5 },
  { id: 'S6', title: 'login throttling under parallel and distributed attempts', run: runS6 },
  { id: 'S7', title: 'connection and per-user limits', run: runS7 },
  { id: 'S8', title: 'HTTP and WebSocket fuzzing on SQLite and PostgreSQL (fast-check)', run: runS8 },
  {
    id: 'S9',
    title: 'group churn: write budget, group cap, bounded pages, consent to being added, tip floods',
    run: runS9,
  },
  { id: 'S10', title: 'getting around mutes, the blocklist and the word filter (wrongly allowed)', run: runS10 },
];
