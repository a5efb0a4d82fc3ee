import type { Clock, Storage } from '../../src/domain/ports.ts';
import { newProfileRow } from '../../src/domain/accounts/actions.ts';
import type { Domain } from '../../src/domain/context.ts';
import { ContentFilter } from '../../src/domain/messages/content-filter.ts';
import { createMemoryBus } from '../../src/fanout/memory-bus.ts';

/** A domain over `storage` for tests that call actions directly: memory bus, no throttle, no word list. */
export function bareDomain(storage: Storage, clock: Clock = { now: () => Date.now() }): Domain {
  return {
    storage,
    bus: createMemoryBus(),
    clock,
    secret: 'd'.repeat(32),
    userSigExpireSeconds: 3600,
    sessionSeconds: 3600,
    throttle: undefined as unknown as Domain['throttle'],
    contentFilter: new ContentFilter([]),
    onPublishError: () => undefined,
  };
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
