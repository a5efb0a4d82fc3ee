import { type AnyFeature, type Assembly, assemble, type FacadeOf, installFacade } from './feature/assemble.ts';
import type { ChatConfig } from './feature/feature.ts';
import { FEATURES } from './feature/registry.ts';

export type { ChatConfig } from './feature/feature.ts';

const features: readonly AnyFeature[] = FEATURES;
/** Set by ChatSDK's static block: the facade reaches an instance's assembly only through it. */
let assemblyOf: (sdk: unknown) => Assembly;

/** Every feature's public methods (feature/registry.ts), installed on the prototype below. */
type Facade = FacadeOf<typeof FEATURES>;

/** The SDK instance (`ChatSDK` in TIM): its methods are its features' (reference §2–§9). */
export interface ChatSDK extends Facade {}

/**
 * The SDK instance is a facade assembled from the feature registry (GUIDE §5.9, §5.10; decision 0029): this class
 * holds one instance's assembly, and its methods come from the features. Adding a feature does not change it.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface's methods are installed on the prototype below.
export class ChatSDK {
  readonly #assembly: Assembly;

  constructor(config: ChatConfig, onDestroy: () => void = () => {}) {
    this.#assembly = assemble(this, config, features, onDestroy);
  }

  /** The assembly of a ChatSDK; a TypeError for anything else (a facade method called on another object). */
  static {
    assemblyOf = (sdk) => {
      if (!(sdk instanceof ChatSDK)) throw new TypeError('not a ChatSDK instance');
      return sdk.#assembly;
    };
  }
}

installFacade(ChatSDK.prototype, features, (sdk) => assemblyOf(sdk));
