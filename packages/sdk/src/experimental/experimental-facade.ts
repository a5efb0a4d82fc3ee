/** The callExperimentalAPI feature and its keys (reference §9), declared for the registry (decision 0029). */
import type { ChatResponse } from '../core/errors.ts';
import { EVENT } from '../constants/events.ts';
import { defineFeature } from '../feature/feature.ts';
import { groupsFeature, handleGroupInvitation } from '../group/group-facade.ts';
import { ExperimentalModule } from './experimental-module.ts';

type ExperimentalKey = 'canIUseModule' | 'isIntl' | 'isFeatureEnabledForStat';

/** callExperimentalAPI's overloads (reference §9), as TIM types them. */
export class ExperimentalPart {
  readonly module: ExperimentalModule;

  constructor(module: ExperimentalModule) {
    this.module = module;
  }

  /** canIUseModule, isIntl and isFeatureEnabledForStat answer a boolean, getServerConfig `{code, data}`. */
  callExperimentalAPI(key: ExperimentalKey, options?: unknown): boolean;
  callExperimentalAPI(key: 'getServerConfig', options?: unknown): ChatResponse<Record<string, unknown>>;
  callExperimentalAPI(key: string, options?: unknown): Promise<ChatResponse<unknown>>;
  callExperimentalAPI(key: string, options?: unknown): unknown {
    return this.module.call(key, options);
  }
}

/** callExperimentalAPI (reference §9): whitelisted; each key answers as experimental-module.ts lists. */
export const experimentalFeature = defineFeature({
  name: 'experimental',
  create: (host) =>
    new ExperimentalPart(
      new ExperimentalModule({
        http: host.http,
        // From the moment login() resolves, not SDK_READY: the official engine asks right after login (CMP8).
        isLoggedIn: () => host.state.established,
        sdk: host.sdk,
        groupInvitation: (options) => handleGroupInvitation(host.part(groupsFeature), options),
        configUpdated: (config) => host.emitter.emit(EVENT.SERVER_CONFIG_UPDATED, { config }),
      }),
    ),
  methods: { callExperimentalAPI: ExperimentalPart.prototype.callExperimentalAPI },
  reset: (part) => part.module.reset(),
});
