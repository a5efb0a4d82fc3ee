import { ROUTES } from '@parley/protocol';
import { ABILITIES, abilityBuilt, moduleBuilt } from '../compat/abilities.ts';
import { notYetError } from '../compat/not-yet.ts';
import { ChatError, type ChatResponse, ok, toChatError } from '../core/errors.ts';
import type { HttpClient } from '../core/http.ts';

/** Not in the protocol catalogue: an SDK-only code (reference §13.1, INVALID_OPERATION). */
const INVALID_OPERATION = 2905;

/**
 * How each callExperimentalAPI key of reference §9 answers (decision 0014), listed in docs/COMPATIBILITY.md:
 * - `sync`: a plain value, as 3.6.6 returns for canIUseModule (boolean) and getServerConfig ({code, data});
 * - `noop`: cloud-side tuning (statistics, long polling, app IDs) with nothing to do on a self-hosted server:
 *   resolves `{code: 0, data: {}}`, so callers that await it carry on;
 * - `notYet`: a feature Parley lacks: rejects with the not-yet code (2998) naming the key.
 */
const SYNC_FALSE = new Set(['isIntl', 'isFeatureEnabledForStat']);
const NOOP = new Set([
  'setApplicationID',
  'startMessageLongPolling',
  'stopMessageLongPolling',
  'disableMessagePullOnInvite',
  'setCustomLoginInfo',
  'statTUIKeyFeatures',
]);
const NOT_YET = new Set([
  'sendComboMessage',
  'sendTRTCCustomData',
  'sendRoomCustomData',
  'getTimerID',
  'getPollingTimerID',
  'clearLocalMessage',
  'getGroupReceiptsByUsers',
]);

interface Deps {
  http: HttpClient;
  isLoggedIn: () => boolean;
  /** The ChatSDK instance: abilities and modules are judged by the methods it has (see compat/abilities.ts). */
  sdk: object;
  /** handleGroupInvitation: the groups feature's (reference §9; GRP23). */
  groupInvitation: (options: unknown) => Promise<unknown>;
}

/** callExperimentalAPI (reference §9). */
export class ExperimentalModule {
  readonly #deps: Deps;
  #features: Promise<Record<string, boolean>> | null = null;

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  reset(): void {
    this.#features = null;
  }

  /** Never throws: a synchronous key answers a value, every other key a promise. */
  call(key: string, options?: unknown): unknown {
    if (key === 'canIUseModule') return moduleBuilt(this.#deps.sdk, options);
    if (key === 'getServerConfig') return ok({});
    if (SYNC_FALSE.has(key)) return false;
    if (key === 'isCommercialAbilityEnabled' || key === 'queryCommercialAbility') {
      return this.#isEnabled(options).catch((err: unknown) => Promise.reject(toChatError(err)));
    }
    if (key === 'handleGroupInvitation') return this.#deps.groupInvitation(options);
    if (NOOP.has(key)) return Promise.resolve(ok({}));
    if (NOT_YET.has(key)) return Promise.reject(notYetError(`callExperimentalAPI('${key}')`));
    return Promise.reject(new ChatError(INVALID_OPERATION, `callExperimentalAPI: unsupported key "${key}"`));
  }

  async #isEnabled(ability: unknown): Promise<ChatResponse<{ enabled: boolean }>> {
    // Whitelisted before ready (reference §2.1); without a user there is no feature set to ask about.
    if (!this.#deps.isLoggedIn()) return ok({ enabled: false });
    const bit = this.#bitOf(ability);
    if (bit === undefined || !abilityBuilt(this.#deps.sdk, bit)) return ok({ enabled: false });
    const features = await this.#load();
    const name = ABILITIES[bit]?.feature ?? '';
    return ok({ enabled: features[name] === true || features[String(bit)] === true });
  }

  /** The ability's bit, from the bit itself or its feature name (as GET /api/v1/features names it). */
  #bitOf(ability: unknown): number | undefined {
    if (typeof ability === 'number') return ability;
    if (typeof ability !== 'string') return undefined;
    const found = Object.entries(ABILITIES).find(([, a]) => a.feature === ability);
    return found ? Number(found[0]) : undefined;
  }

  #load(): Promise<Record<string, boolean>> {
    // Cached per login; a failed fetch is not cached so the next call retries.
    this.#features ??= this.#deps.http.get<{ features: Record<string, boolean> }>(ROUTES.features).then(
      (r) => r.features ?? {},
      (err: unknown) => {
        this.#features = null;
        throw err;
      },
    );
    return this.#features;
  }
}
