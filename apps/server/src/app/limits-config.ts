import { DEFAULT_MAX_GROUPS_PER_USER, DEFAULT_TIP_WINDOW_SECONDS } from '../domain/groups/tip-coalescer.ts';
import { DEFAULT_USER_RATES, type UserRates } from '../domain/limits/user-limits.ts';

/** Connection and per-user limits (docs/PROTOCOL.md "Limits", README configuration table). */
export interface LimitsConfig {
  /** Longest time to receive a whole request, headers and body (slow-body and slowloris requests end with 408). */
  requestTimeoutMs: number;
  /** The same for an upload (UPL24): long enough for a large file on a slow link. */
  uploadTimeoutMs: number;
  /** Longest time to receive the request headers; at most requestTimeoutMs. */
  headersTimeoutMs: number;
  /** An HTTP connection idle this long is closed. */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open connections (HTTP and WebSocket) per process; further ones are dropped at accept. */
  maxConnections: number;
  /** Open connections per client address; 0: no per-address cap (behind a reverse proxy every client shares its address). */
  maxConnectionsPerIp: number;
  /** Push sockets per user per node; the next one is closed with 4029. */
  wsMaxPerUser: number;
  /** Bytes queued for all of one user's push sockets on this node before the slowest is closed with 1013. */
  wsUserQueueBytes: number;
  /** Per-user actions per second (burst twice that); 0 turns one off. */
  rates: UserRates;
  /** Group churn (ABU21–ABU23): groups a user may be in, and the window that coalesces a member's join/quit tips. */
  groups: { maxPerUser: number; tipWindowSeconds: number };
}

type IntVar = (name: string, fallback: number, min: number, max: number) => number;

export function loadLimits(intVar: IntVar, fail: (variable: string, problem: string) => Error): LimitsConfig {
  const requestTimeoutMs = intVar('PARLEY_REQUEST_TIMEOUT_MS', 30_000, 1_000, 3_600_000);
  const headersTimeoutMs = intVar('PARLEY_HEADERS_TIMEOUT_MS', Math.min(10_000, requestTimeoutMs), 500, 3_600_000);
  // Node refuses a headers timeout longer than the request timeout.
  if (headersTimeoutMs > requestTimeoutMs) {
    throw fail('PARLEY_HEADERS_TIMEOUT_MS', `must not exceed PARLEY_REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  return {
    requestTimeoutMs,
    uploadTimeoutMs: intVar('PARLEY_UPLOAD_TIMEOUT_MS', 3_600_000, 1_000, 86_400_000),
    headersTimeoutMs,
    idleTimeoutMs: intVar('PARLEY_IDLE_TIMEOUT_MS', 120_000, 1_000, 3_600_000),
    keepAliveTimeoutMs: intVar('PARLEY_KEEP_ALIVE_TIMEOUT_MS', 72_000, 1_000, 3_600_000),
    maxConnections: intVar('PARLEY_MAX_CONNECTIONS', 10_000, 10, 1_000_000),
    maxConnectionsPerIp: intVar('PARLEY_MAX_CONNECTIONS_PER_IP', 1_000, 0, 1_000_000),
    wsMaxPerUser: intVar('PARLEY_WS_MAX_PER_USER', 20, 1, 10_000),
    wsUserQueueBytes: intVar('PARLEY_WS_USER_QUEUE_BYTES', 4 * 1024 * 1024, 64 * 1024, 1024 * 1024 * 1024),
    rates: {
      send: intVar('PARLEY_RATE_SENDS', DEFAULT_USER_RATES.send, 0, 100_000),
      typing: intVar('PARLEY_RATE_TYPING', DEFAULT_USER_RATES.typing, 0, 100_000),
      profileEdit: intVar('PARLEY_RATE_PROFILE_EDITS', DEFAULT_USER_RATES.profileEdit, 0, 100_000),
      // A look-up may ask for 100 IDs (PRF6), so the burst (twice the rate) must hold at least 100.
      profileLookup: lookupRate(
        intVar('PARLEY_RATE_PROFILE_LOOKUPS', DEFAULT_USER_RATES.profileLookup, 0, 1_000_000),
        fail,
      ),
      groupWrite: intVar('PARLEY_RATE_GROUP_WRITES', DEFAULT_USER_RATES.groupWrite, 0, 100_000),
    },
    groups: {
      maxPerUser: intVar('PARLEY_MAX_GROUPS_PER_USER', DEFAULT_MAX_GROUPS_PER_USER, 1, 1_000_000),
      tipWindowSeconds: intVar('PARLEY_GROUP_TIP_WINDOW_S', DEFAULT_TIP_WINDOW_SECONDS, 0, 3_600),
    },
  };
}

function lookupRate(rate: number, fail: (variable: string, problem: string) => Error): number {
  if (rate !== 0 && rate < 50)
    throw fail('PARLEY_RATE_PROFILE_LOOKUPS', 'must be 0 (off) or at least 50 IDs per second');
  return rate;
}
