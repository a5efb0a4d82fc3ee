import { type Profile, PUSH_EVENT_TYPES, type PushEvent, type PushEventOf, type PushEventType } from '@parley/protocol';
import type { Message } from '../message/message.ts';
import { featureProblems, handlerOrder } from './check.ts';
import type { ChatConfig, Feature, MethodsOf, PushHandler, PushHandlers, SdkHost } from './feature.ts';
import { createHost } from './host.ts';

/** Any feature, whatever its part: the list registry.ts exports. */
export type AnyFeature = Feature<string, unknown, object, PushHandlers<unknown>>;

/** What one ChatSDK holds: its host and every feature's part. */
export interface Assembly {
  readonly host: SdkHost;
  part<P>(feature: Feature<string, P>): P;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The facade's type: every feature's methods, together. */
export type FacadeOf<L extends readonly unknown[]> = UnionToIntersection<MethodsOf<L[number]>>;

/** Throws, naming every problem, when the list cannot be assembled (checked once, when the facade is installed). */
export function assertFeatures(features: readonly AnyFeature[]): void {
  const problems = featureProblems(features, PUSH_EVENT_TYPES);
  if (problems.length > 0) throw new Error(`SDK feature registry: ${problems.join('; ')}`);
}

/**
 * Installs every feature's methods on the prototype (non-enumerable, like class methods): each finds its feature's
 * part of the instance it is called on through `assemblyOf`, which throws for anything not a ChatSDK.
 */
export function installFacade(
  proto: object,
  features: readonly AnyFeature[],
  assemblyOf: (sdk: unknown) => Assembly,
): void {
  assertFeatures(features);
  for (const feature of features) {
    for (const [name, method] of Object.entries(feature.methods)) {
      if (typeof method !== 'function') continue;
      // Named after the method, for stack traces and TIM-style error messages.
      const holder = {
        [name](this: unknown, ...args: unknown[]): unknown {
          return Reflect.apply(method, assemblyOf(this).part(feature), args);
        },
      };
      Object.defineProperty(proto, name, { value: holder[name], writable: true, configurable: true });
    }
  }
  for (const feature of features) feature.complete?.(proto);
}

/** A handler bound to its part, run only for events of its type. */
function bindHandler<P, T extends PushEventType>(type: T, handler: PushHandler<P, T>, part: P) {
  const isType = (event: PushEvent): event is PushEventOf<T> => event.type === type;
  return (event: PushEvent): void => {
    if (isType(event)) handler(part, event);
  };
}

function handlerOf<P, T extends PushEventType>(push: PushHandlers<P>, type: T): PushHandler<P, T> | undefined {
  return push[type];
}

/** Every step of a login's life, fanned out over the features in list order. */
function lifecycle(features: readonly AnyFeature[], part: (f: AnyFeature) => unknown) {
  const each = (step: (f: AnyFeature, p: unknown) => void) => {
    for (const f of features) step(f, part(f));
  };
  return {
    start: async (preloaded: boolean) => {
      await Promise.all(features.map((f) => f.start?.(part(f), preloaded)));
    },
    verified: (profile: Profile) => each((f, p) => f.verified?.(p, profile)),
    ready: () => each((f, p) => f.ready?.(p)),
    delivered: (messages: readonly Message[]) => each((f, p) => f.delivered?.(p, messages)),
    refresh: () => each((f, p) => f.refresh?.(p)),
    reset: () => each((f, p) => f.reset?.(p)),
  };
}

/**
 * The push dispatch of one ChatSDK: per event type, its handlers in their declared order, each with its feature's
 * part. An event type no handler knows (a newer server's) is ignored.
 */
export function pushDispatch(
  features: readonly AnyFeature[],
  partOf: (feature: AnyFeature) => unknown,
): (event: PushEvent) => void {
  const dispatch = new Map<PushEventType, ((event: PushEvent) => void)[]>();
  for (const type of PUSH_EVENT_TYPES) {
    const handlers = handlerOrder(features, type).flatMap((f) => {
      const handler = f.push ? handlerOf(f.push, type) : undefined;
      return handler ? [bindHandler(type, handler, partOf(f))] : [];
    });
    if (handlers.length > 0) dispatch.set(type, handlers);
  }
  return (event) => {
    for (const handle of dispatch.get(event.type) ?? []) handle(event);
  };
}

/**
 * Builds one ChatSDK's host and every feature's part, in list order (a part another needs is built first, on
 * demand), then its push dispatch.
 */
export function assemble(
  sdk: object,
  config: ChatConfig,
  features: readonly AnyFeature[],
  onDestroy: () => void,
): Assembly {
  const parts = new Map<object, unknown>();
  const building = new Set<object>();
  const partOf = <P>(feature: Feature<string, P>): P => {
    if (parts.has(feature)) return parts.get(feature) as P; // set below from feature.create, whose type is P
    if (building.has(feature)) throw new Error(`SDK feature "${feature.name}" needs itself to be built`);
    building.add(feature);
    const part = feature.create(host);
    building.delete(feature);
    parts.set(feature, part);
    return part;
  };
  let dispatch: (event: PushEvent) => void = () => {};
  const steps = lifecycle(features, (f) => partOf(f));
  const hooks = { ...steps, part: partOf, push: (event: PushEvent) => dispatch(event) };
  const host: SdkHost = createHost(sdk, config, hooks, onDestroy);
  for (const feature of features) partOf(feature);
  dispatch = pushDispatch(features, (f) => partOf(f));
  return { host, part: partOf };
}
