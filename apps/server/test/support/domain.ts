import { ACTION_LIMITS } from '@parley/protocol';
import { type DomainParts, buildDomain } from '../../src/app/build-domain.ts';
import { LoginThrottle } from '../../src/domain/auth/login-throttle.ts';
import type { Clock, Storage } from '../../src/domain/ports.ts';
import { DEFAULT_USER_RATES, UserLimits } from '../../src/domain/limits/user-limits.ts';
import { newProfileRow } from '../../src/domain/accounts/actions.ts';
import type { Domain } from '../../src/domain/context.ts';
import { NO_METER } from '../../src/domain/metrics/ports.ts';
import { ContentFilter } from '../../src/domain/messages/content-filter.ts';
import { DEFAULT_MAX_GROUPS_PER_USER, DEFAULT_TIP_WINDOW_SECONDS } from '../../src/domain/groups/tip-coalescer.ts';
import { createMemoryBus } from '../../src/fanout/memory-bus.ts';
import { createMemoryPresence } from '../../src/fanout/memory-presence.ts';
import { uploadLedgerFor } from '../../src/storage/repos/upload-ledger.ts';
import { createMemoryThrottleStore } from '../../src/throttle/memory-throttle-store.ts';
import { createMemoryLimits } from '../../src/limits/memory-limits.ts';

/** The parts of a domain over `storage`: memory bus, presence and throttle, default limits, no word list. */
export function bareParts(storage: Storage, clock: Clock = { now: () => Date.now() }): DomainParts {
  return {
    storage,
    bus: createMemoryBus(),
    clock,
    secret: 'd'.repeat(32),
    userSigExpireSeconds: 3600,
    sessionSeconds: 3600,
    throttle: new LoginThrottle(createMemoryThrottleStore(clock)),
    contentFilter: new ContentFilter([]),
    onPublishError: () => undefined,
    presence: createMemoryPresence(),
    sendLimits: new UserLimits(DEFAULT_USER_RATES, createMemoryLimits(clock).budgets),
    actionSettings: { revokeWindowSeconds: ACTION_LIMITS.revokeWindowSeconds },
    groupFeatures: { readReceipts: true },
    groupLimits: { maxPerUser: DEFAULT_MAX_GROUPS_PER_USER, tipWindowSeconds: DEFAULT_TIP_WINDOW_SECONDS },
    uploadRefs: uploadLedgerFor(storage) ?? null,
    meter: NO_METER,
  };
}

/** A domain over `storage` for tests that call actions directly. */
export function bareDomain(storage: Storage, clock: Clock = { now: () => Date.now() }): Domain {
  return buildDomain(bareParts(storage, clock));
}

/** Accounts for `users`, written straight through the storage port. */
export async function withUsers(storage: Storage, users: readonly string[]): Promise<void> {
  for (const userID of users) {
    await storage.accounts.create(
      { userID, passwordHash: null, mobile: null, identity: 0, createdAt: 1 },
      newProfileRow(userID, 1, { nick: userID }),
    );
  }
}
