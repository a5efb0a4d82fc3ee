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
  // Usage statistics Tencent's kits (tuikit-atomicx-react) report after login; not a 3.6.6 key (CMP25).
  'reportTUIFeatureUsage',
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
  /** SERVER_CONFIG_UPDATED `{config}` (reference §10), when the server's client settings arrive (KLOC6). */
  configUpdated: (config: Record<string, unknown>) => void;
}

interface FeaturesAnswer {
  features?: Record<string, boolean>;
  config?: Record<string, unknown>;
}

/** callExperimentalAPI (reference §9). */
export class ExperimentalModule {
  readonly #deps: Deps;
  #features: Promise<Record<string, boolean>> | null = null;
  /** The operator's client settings from the last features answer (KLOC6): what getServerConfig answers. */
  #config: Record<string, unknown> = {};

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  reset(): void {
    this.#features = null;
    this.#config = {};
  }

  /** Never throws: a synchronous key answers a value, every other key a promise. */
  call(key: string, options?: unknown): unknown {
    if (key === 'canIUseModule') return moduleBuilt(this.#deps.sdk, options);
    if (key === 'getServerConfig') return this.#serverConfig();
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

  /**
   * Synchronous like 3.6.6's (reference §9): what is known now, `{}` until the server's answer is in. The first call
   * of a login asks for it; its arrival is announced with SERVER_CONFIG_UPDATED, so a UI shows the config once known.
   */
  #serverConfig(): ChatResponse<Record<string, unknown>> {
    if (this.#deps.isLoggedIn()) this.#load().catch(() => undefined);
    return ok({ ...this.#config });
  }

  #load(): Promise<Record<string, boolean>> {
    // Cached per login; a failed fetch is not cached so the next call retries.
    this.#features ??= this.#deps.http.get<FeaturesAnswer>(ROUTES.features).then(
      (r) => {
        const config = r.config && typeof r.config === 'object' ? r.config : {};
        if (JSON.stringify(config) !== JSON.stringify(this.#config)) {
          this.#config = { ...config };
          this.#deps.configUpdated({ ...config });
        }
        return r.features ?? {};
      },
      (err: unknown) => {
        this.#features = null;
        throw err;
      },
    );
    return this.#features;
  }
}
