import { type ReactNode, useSyncExternalStore } from 'react';

let content: ReactNode = null;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getContent = () => content;

/**
 * What must outlive the page that showed it, rendered once beside the routes so that no page change unmounts it:
 * the logout's 'Logged out' message, which is to stay its full time on the home page the logout goes to. Filled by
 * code that loads later (the logout dialog's, with antd), so the shell itself still loads no antd (WEB1).
 */
export function LastingLayer() {
  return useSyncExternalStore(subscribe, getContent);
}

/** Puts `node` in the lasting layer. Call from an effect or an event handler, never while rendering. */
export function fillLastingLayer(node: ReactNode): void {
  content = node;
  for (const listener of listeners) listener();
}
