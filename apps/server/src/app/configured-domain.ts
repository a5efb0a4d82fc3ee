import type { Domain } from '../domain/context.ts';
import type { BudgetStore } from '../domain/limits/ports.ts';
import { UserLimits } from '../domain/limits/user-limits.ts';
import { ContentFilter } from '../domain/messages/content-filter.ts';
import type { Clock, EventBus, Storage } from '../domain/ports.ts';
import type { UploadLedger } from '../domain/uploads/ports.ts';
import type { Meter } from '../domain/metrics/ports.ts';
import type { App } from '../transport/http/app-type.ts';
import { wordsFileList } from './admin-console-wiring.ts';
import { buildDomain } from './build-domain.ts';
import type { Config } from './config.ts';
import { type PresenceOverrides, createPresenceStore } from './presence-wiring.ts';
import { loadOrCreateSecret } from './secret.ts';
import { createLoginThrottle } from './session-wiring.ts';

/**
 * The app's domain: every part chosen from the configuration, over the storage, bus and clock opened first, and the
 * upload ledger the upload service counts in (none for a storage without one, decision 0024).
 */
export async function configuredDomain(
  app: App,
  config: Config,
  opened: { storage: Storage; bus: EventBus; clock: Clock; meter: Meter; budgets: BudgetStore },
  overrides: PresenceOverrides,
  uploadLedger: UploadLedger | undefined,
): Promise<Domain> {
  const { clock, budgets, ...rest } = opened;
  return buildDomain({
    ...rest,
    clock,
    secret: config.secret ?? loadOrCreateSecret(config.dataDir),
    userSigExpireSeconds: config.userSigExpireSeconds,
    sessionSeconds: config.userSigExpireSeconds,
    throttle: createLoginThrottle(config, clock, (err) => app.log.warn({ err }, 'login throttle store')),
    contentFilter: new ContentFilter(wordsFileList(config)),
    onPublishError: (err) => app.log.warn({ err }, 'event publish failed'),
    presence: await createPresenceStore(app, config, overrides),
    sendLimits: new UserLimits(config.limits.rates, budgets),
    actionSettings: { revokeWindowSeconds: config.revokeWindowSeconds, editWindowSeconds: config.editWindowSeconds },
    groupFeatures: { readReceipts: config.groupReadReceipts },
    groupLimits: config.limits.groups,
    uploadRefs: uploadLedger ?? null,
  });
}
