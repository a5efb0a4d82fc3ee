import { createContext, useContext } from 'react';
import type { ChatKit } from './chat-kit.ts';

export interface KitContextValue {
  kit: ChatKit;
  /** Where Radix portals (dialogs, menus) mount: inside the kit's theme, so its CSS variables apply. */
  portal: HTMLElement | null;
}

export const KitContext = createContext<KitContextValue | null>(null);

export function useKitContext(): KitContextValue {
  const value = useContext(KitContext);
  if (!value) throw new Error('Parley chat components must be rendered inside <ChatProvider>');
  return value;
}

export const useKit = (): ChatKit => useKitContext().kit;
export const usePortal = (): HTMLElement | null => useKitContext().portal;
