import { ROUTES } from '@parley/protocol';
import { ChatError, type ChatResponse, ok } from '../core/errors.ts';
import type { HttpClient } from '../core/http.ts';

/**
 * TIM's commercial-ability bits (reference §9) and the feature names the server reports at GET /api/v1/features.
 * The server may also key a feature by the bit's decimal string; both are accepted.
 */
export const COMMERCIAL_ABILITY: Readonly<Record<number, string>> = {
  [2 ** 5]: 'readReceipt',
  [2 ** 7]: 'onlineStatus',
  [2 ** 38]: 'translation',
  [2 ** 39]: 'voiceToText',
  [2 ** 40]: 'customerService',
  [2 ** 41]: 'push',
  [2 ** 42]: 'chatbot',
  [2 ** 48]: 'messageReaction',
};

/** Not in the protocol catalogue yet: an SDK-only code (reference §13.1, INVALID_OPERATION). */
const INVALID_OPERATION = 2905;

interface Deps {
  http: HttpClient;
  isLoggedIn: () => boolean;
}

/** callExperimentalAPI (reference §9): only the keys Parley implements; others reject with 2905. */
export class ExperimentalModule {
  readonly #deps: Deps;
  #features: Promise<Record<string, boolean>> | null = null;

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  reset(): void {
    this.#features = null;
  }

  call(key: string, options?: unknown): Promise<ChatResponse<unknown>> {
    if (key === 'isCommercialAbilityEnabled') return this.#isEnabled(options);
    return Promise.reject(new ChatError(INVALID_OPERATION, `callExperimentalAPI: unsupported key "${key}"`));
  }

  async #isEnabled(ability: unknown): Promise<ChatResponse<{ enabled: boolean }>> {
    // Whitelisted before ready (reference §2.1); without a user there is no feature set to ask about.
    if (!this.#deps.isLoggedIn()) return ok({ enabled: false });
    const features = await this.#load();
    const name = typeof ability === 'number' ? COMMERCIAL_ABILITY[ability] : typeof ability === 'string' ? ability : '';
    const enabled = (name ? features[name] : undefined) ?? features[String(ability)] ?? false;
    return ok({ enabled: enabled === true });
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
