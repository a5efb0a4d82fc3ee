import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ChatLanguage } from '../src/i18n/index.ts';
import { createChatI18n } from '../src/i18n/index.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import type { ChatPort } from '../src/provider/chat-port.ts';
import { KitContext } from '../src/provider/kit-context.ts';

// React's act() wants to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Renders kit components over a real ChatKit and a test double of the SDK, in jsdom (the files that use it start
 * with `// @vitest-environment jsdom`). Portals (dialogs, menus) mount in the document body.
 */
export async function renderKit(
  chat: ChatPort,
  ui: (kit: ChatKit) => ReactNode,
  { language = 'en', prepare }: { language?: ChatLanguage; prepare?: (kit: ChatKit) => void } = {},
) {
  const kit = new ChatKit(chat, createChatI18n(language));
  const detach = kit.attach();
  prepare?.(kit);
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const value = { kit, portal: document.body };
  await act(async () => root.render(<KitContext.Provider value={value}>{ui(kit)}</KitContext.Provider>));
  return {
    kit,
    host,
    /** Runs `fn` and lets React and the promises it started settle. */
    act: async (fn: () => unknown = () => undefined) => {
      await act(async () => {
        await fn();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
    unmount: () => {
      act(() => root.unmount());
      host.remove();
      detach();
    },
  };
}

/** Every element of the document matching a test id. */
export const byTestId = (id: string): HTMLElement[] => [
  ...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`),
];
