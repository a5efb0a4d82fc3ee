import { ACTION_LIMITS } from '@parley/protocol';
import type { Domain } from '../context.ts';

export interface ActionSettings {
  /** How long after sending a message its sender may recall it (PARLEY_REVOKE_WINDOW_S, rule ACT4). */
  revokeWindowSeconds: number;
}

const settings = new WeakMap<object, ActionSettings>();

/** Registered once by the routes when the app is built; tests change it through the environment. */
export function useMessageActions(d: Pick<Domain, 'storage'>, s: ActionSettings): void {
  settings.set(d.storage, s);
}

export function actionSettings(d: Pick<Domain, 'storage'>): ActionSettings {
  return settings.get(d.storage) ?? { revokeWindowSeconds: ACTION_LIMITS.revokeWindowSeconds };
}
