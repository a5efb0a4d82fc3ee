import type { PushEventType } from '@parley/protocol';

/** What the checks read of a feature: its name, method names, handled event types and declared orders. */
export interface FeatureShape {
  readonly name: string;
  readonly methods: object;
  readonly push?: object | undefined;
  readonly pushAfter?: { readonly [T in PushEventType]?: readonly string[] } | undefined;
}

const handles = (f: FeatureShape, type: string): boolean => f.push !== undefined && Object.hasOwn(f.push, type);
const after = (f: FeatureShape, type: PushEventType, other: FeatureShape): boolean =>
  f.pushAfter?.[type]?.includes(other.name) === true;

function duplicates(names: readonly (readonly [string, string])[]): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const [name, owner] of names) owners.set(name, [...(owners.get(name) ?? []), owner]);
  return new Map([...owners].filter(([, list]) => list.length > 1));
}

/** Two handlers of one event type must say which runs first: exactly one of them runs after the other. */
function orderProblems(features: readonly FeatureShape[], type: PushEventType): string[] {
  const handlers = features.filter((f) => handles(f, type));
  const problems: string[] = [];
  for (const [i, a] of handlers.entries()) {
    for (const b of handlers.slice(i + 1)) {
      const ab = after(a, type, b);
      const ba = after(b, type, a);
      if (ab === ba) {
        const why = ab ? 'each says it runs after the other' : 'neither says which runs first';
        problems.push(`features "${a.name}" and "${b.name}" both handle "${type}": ${why} (pushAfter)`);
      }
    }
  }
  return problems;
}

/**
 * Everything wrong with a feature list, as sentences; empty when it may be assembled. Caught here: two features of
 * one name, two features declaring one method (the later would silently replace the earlier), and two handlers of
 * one push event type without a declared order.
 */
export function featureProblems(features: readonly FeatureShape[], types: readonly PushEventType[]): string[] {
  const problems: string[] = [];
  for (const [name, owners] of duplicates(features.map((f) => [f.name, f.name] as const))) {
    problems.push(`${owners.length} features are named "${name}"`);
  }
  const methods = features.flatMap((f) => Object.keys(f.methods).map((m) => [m, f.name] as const));
  for (const [method, owners] of duplicates(methods)) {
    problems.push(`method "${method}" is declared by ${owners.map((o) => `"${o}"`).join(' and ')}`);
  }
  for (const type of types) {
    const found = orderProblems(features, type);
    problems.push(...found);
    if (found.length > 0) continue;
    const ranks = handlerRanks(features, type).map(([, rank]) => rank);
    if (new Set(ranks).size !== ranks.length) problems.push(`the handlers of "${type}" are ordered in a ring`);
  }
  return problems;
}

/** Each handler of `type` with the number of other handlers it runs after. */
function handlerRanks<F extends FeatureShape>(features: readonly F[], type: PushEventType): (readonly [F, number])[] {
  const handlers = features.filter((f) => handles(f, type));
  return handlers.map((f) => [f, handlers.filter((other) => other !== f && after(f, type, other)).length] as const);
}

/** The features handling `type`, in the order they run: a handler runs after those it names in `pushAfter`. */
export function handlerOrder<F extends FeatureShape>(features: readonly F[], type: PushEventType): F[] {
  return handlerRanks(features, type)
    .sort((x, y) => x[1] - y[1])
    .map(([f]) => f);
}
