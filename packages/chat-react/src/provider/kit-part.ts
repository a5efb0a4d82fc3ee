import type { i18n as I18n } from 'i18next';
import type { Announcer } from '../a11y/announcer.ts';
import type { Deeds } from '../core/deeds.ts';
import type { Translate } from '../i18n/translate.ts';
import type { ToastStore } from '../toast/toast-store.ts';
import type { ChatPort } from './chat-port.ts';

/** What the kit holds before any part: the SDK, the texts, the one toast and live region, and the error report. */
export interface KitBase {
  readonly chat: ChatPort;
  readonly i18n: I18n;
  /** Texts in the language showing right now. */
  readonly t: Translate;
  readonly toasts: ToastStore;
  readonly announcer: Announcer;
  /** Actions the user completed (a message sent, a call placed, …), for demo mode's tasks (decision 0054). */
  readonly deeds: Deeds;
  /** An error to the shared toast, with the product's text for known codes. */
  reportError(err: unknown): void;
}

export type Undo = () => void;

/**
 * One feature of the kit (decision 0030). `build` receives the kit as the earlier parts left it (`Needs`) and returns
 * what this feature adds to it (`Adds`): stores, ports and the commands components call. `attach` runs when the kit
 * is mounted, with the whole kit, and returns what undoes its subscriptions. A part never imports a component, so
 * the kit's type (which every component reads through its context) reaches no component.
 */
export interface KitPart<Needs extends object, Adds extends object, Name extends string = string> {
  readonly name: Name;
  build(kit: Needs): Adds;
  attach?(kit: Needs & Adds): readonly Undo[];
}

/** Declares a part; `Needs` comes from `build`'s parameter type, `Adds` from what it returns. */
export const kitPart = <Needs extends object, Adds extends object, const Name extends string>(
  part: KitPart<Needs, Adds, Name>,
) => part;

/** What a part adds to the kit. */
export type AddsOf<P> = P extends { build(kit: never): infer A } ? A : never;

/** The kit a list of parts assembles over `Have`: each part's additions, in order. */
export type Assembled<Parts extends readonly unknown[], Have> = Parts extends readonly [infer P, ...infer Rest]
  ? Assembled<Rest, Have & AddsOf<P>>
  : Have;

/**
 * `true` when every part finds what it needs in the base and the parts before it, and adds no name already there;
 * otherwise the first part that does not, with the reason. The list is declared with this type, so a part listed
 * before the one it needs, or two parts adding the same name, fail to compile.
 */
export type PartsCheck<Parts extends readonly unknown[], Have> = Parts extends readonly [infer P, ...infer Rest]
  ? P extends { readonly name: infer N; build(kit: infer Needs): infer A }
    ? [Have] extends [Needs]
      ? [keyof A & keyof Have] extends [never]
        ? PartsCheck<Rest, Have & A>
        : { part: N; error: 'adds a name the kit already has'; names: keyof A & keyof Have }
      : { part: N; error: 'needs what no earlier part adds'; missing: Exclude<keyof Needs, keyof Have> }
    : { error: 'not a kit part'; part: P }
  : true;

type AnyPart = { readonly name: string; build(kit: never): object; attach?(kit: never): readonly Undo[] };

/**
 * Builds every part onto `kit`, in list order. Two parts adding the same name is a programming error the type check
 * already rejects; the run-time check names both parts for code that bypassed it.
 */
export function assembleKit(kit: object, parts: readonly AnyPart[]): void {
  const owners = new Map<string, string>();
  for (const key of Object.keys(kit)) owners.set(key, 'the kit');
  for (const part of parts) {
    const adds = (part.build as (k: object) => object)(kit);
    for (const key of Object.keys(adds)) {
      const owner = owners.get(key);
      if (owner) throw new Error(`kit parts '${owner}' and '${part.name}' both add '${key}'`);
      owners.set(key, part.name);
    }
    Object.assign(kit, adds);
  }
}

/** Attaches every part in list order; the returned undo runs the parts' undos in the same order. */
export function attachKit(kit: object, parts: readonly AnyPart[]): Undo {
  const undo = parts.flatMap((part) => (part.attach as ((k: object) => readonly Undo[]) | undefined)?.(kit) ?? []);
  return () => {
    for (const fn of undo) fn();
  };
}
