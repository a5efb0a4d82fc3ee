import type { Page } from '@playwright/test';

/**
 * The variants a state may be seen in (VIS2): language × device × colour scheme. A state lists the ones it is
 * guarded in; every state has `zh-desktop-light`, and the suite spreads en, phone and dark across the states.
 */
export const LANGUAGES = ['zh', 'en'] as const;
export const DEVICES = { desktop: { width: 1366, height: 768 }, phone: { width: 375, height: 812 } } as const;
export const SCHEMES = ['light', 'dark'] as const;

export type Language = (typeof LANGUAGES)[number];
export type Device = keyof typeof DEVICES;
export type Scheme = (typeof SCHEMES)[number];
export type Variant = `${Language}-${Device}-${Scheme}`;

export function parseVariant(variant: Variant): { language: Language; device: Device; scheme: Scheme } {
  const [language, device, scheme] = variant.split('-') as [Language, Device, Scheme];
  return { language, device, scheme };
}

/** Who a state is seen as: a chat user the suite staged, a demo account of the portal, or nobody. */
export type Account = 'alice' | 'seeker' | 'enterprise' | 'visitor';

export interface State {
  /** Unique, kebab-case: the baseline is `<name>--<variant>.png`. */
  name: string;
  account: Account;
  variants: readonly Variant[];
  /** From a freshly loaded page at `path` (the suite goes there first) to the state, waiting for what it shows. */
  path: string;
  reach?: (page: Page, language: Language, device: Device) => Promise<void>;
  /** The open panel, dialog or menu whose every element must stay inside the viewport (VIS9). */
  surface?: string;
  /** A picture of the whole page rather than of the viewport (long portal pages). */
  fullPage?: boolean;
  /** Text that changes from run to run on its own (server timestamps, generated IDs): painted over (VIS4). */
  mask?: readonly string[];
  /** A variant that shows a bug not fixed yet: its test is expected to fail (and fails once the bug is fixed). */
  knownBug?: Partial<Record<Variant, string>>;
}

/** The default plus a rotating selection, so each dimension is well covered without 8 pictures of every state. */
export const ZH = ['zh-desktop-light'] as const satisfies readonly Variant[];
export const ROTATE: readonly (readonly Variant[])[] = [
  ['zh-desktop-light', 'en-phone-light'],
  ['zh-desktop-light', 'zh-phone-dark'],
  ['zh-desktop-light', 'en-desktop-dark'],
  ['zh-desktop-light', 'zh-phone-light'],
  ['zh-desktop-light', 'en-desktop-light'],
  ['zh-desktop-light', 'zh-desktop-dark'],
];
